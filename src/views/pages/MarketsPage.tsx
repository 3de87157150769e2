/** Every symbol of a market with live prices (issue 4, app side). */
export default function MarketsPage() {
  return null;
}
