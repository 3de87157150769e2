import DecimalJs from 'decimal.js';

/**
 * Exact money. Sums and products of decimal strings are exact; only divisions (average cost)
 * round, at 40 significant digits and then to COST_PLACES when stored.
 */
export const Dec = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_EVEN });
export type Dec = InstanceType<typeof Dec>;

/** Places kept for figures that come out of a division (average cost, values). */
export const COST_PLACES = 12;

export const dec = (value: string | number | Dec) => new Dec(value);
export const ZERO = new Dec(0);

/** The contract's decimal string: plain notation, no exponent, no "-0". */
export function str(value: Dec): string {
  const text = value.toFixed();
  return text === '-0' ? '0' : text;
}

/** Rounded to `places` decimals for figures derived by division or from a price. */
export function rounded(value: Dec, places = COST_PLACES): string {
  return str(value.toDecimalPlaces(places));
}
