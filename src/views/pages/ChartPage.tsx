/** A symbol's candlestick chart (issue 4, app side). */
export default function ChartPage() {
  return null;
}
