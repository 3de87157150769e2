/**
 * Which column holds what, from header names as people and exchanges write them: `time`,
 * `open_time`, `Date`, `Timestamp`…, `Open`/`o`, `Vol.`… Case, spaces, dots and dashes do not
 * matter. Volume may be missing (price-only exports): it is then 0.
 */
export const COLUMN_ALIASES = {
  time: ['time', 'open_time', 'opentime', 'date', 'datetime', 'date_time', 'timestamp', 'ts', 't'],
  open: ['open', 'o', 'open_price'],
  high: ['high', 'h', 'high_price'],
  low: ['low', 'l', 'low_price'],
  close: ['close', 'c', 'close_price', 'last'],
  volume: ['volume', 'vol', 'v', 'base_volume'],
} as const;

export type ColumnName = keyof typeof COLUMN_ALIASES;
export type ColumnIndexes = Record<Exclude<ColumnName, 'volume'>, number> & { volume: number | undefined };

const normalize = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s.\-/]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** The index of each column, or the names that could not be found (to say which are missing). */
export function findColumns(header: string[]): { columns: ColumnIndexes } | { missing: ColumnName[]; duplicate?: undefined } | { duplicate: ColumnName } {
  const names = header.map(normalize);
  const found: Partial<Record<ColumnName, number>> = {};
  for (const [column, aliases] of Object.entries(COLUMN_ALIASES) as [ColumnName, readonly string[]][]) {
    const hits = names.flatMap((name, index) => (aliases.includes(name) ? [index] : []));
    if (hits.length > 1) return { duplicate: column };
    if (hits.length === 1) found[column] = hits[0];
  }
  const missing = (['time', 'open', 'high', 'low', 'close'] as const).filter((c) => found[c] === undefined);
  if (missing.length > 0) return { missing };
  return { columns: { time: found.time!, open: found.open!, high: found.high!, low: found.low!, close: found.close!, volume: found.volume } };
}
