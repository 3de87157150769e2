/**
 * Money, prices and amounts leave as fixed-decimal strings (the contract's Decimal). Rounding can
 * leave "-0.000…" for a value like −1e-12; that is written as zero.
 */
export function toDecimal(value: number, decimals: number): string {
  if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as a decimal`);
  const text = value.toFixed(decimals);
  return text.startsWith('-') && /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
