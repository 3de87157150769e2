/**
 * The centre's filters live in the address (`/notifications?status=10,20&symbol=BTCUSDT`), so a
 * filtered view can be linked, reloaded and navigated back to. Names and values are the list
 * endpoint's own; only the page (offset, limit) and the open drawer (`open`) are added.
 */

export const TEXT_FILTERS = ['sub_category', 'market', 'broker_id', 'symbol', 'portfolio_id'] as const;
export const LIST_FILTERS = ['status', 'priority', 'category'] as const;
export const TIME_FILTERS = ['created_after', 'created_before'] as const;
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_LIMIT = 25;

export type ListFilter = (typeof LIST_FILTERS)[number];
export type TextFilter = (typeof TEXT_FILTERS)[number];
export type TimeFilter = (typeof TIME_FILTERS)[number];

export interface CentreFilters {
  status: string[];
  priority: string[];
  category: string[];
  text: Partial<Record<TextFilter, string>>;
  time: Partial<Record<TimeFilter, string>>;
  notExpired: boolean;
  offset: number;
  limit: number;
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

export function readFilters(search: URLSearchParams): CentreFilters {
  const offset = Number(search.get('offset'));
  const limit = Number(search.get('limit'));
  return {
    status: list(search.get('status')),
    priority: list(search.get('priority')),
    category: list(search.get('category')),
    text: Object.fromEntries(TEXT_FILTERS.map((k) => [k, search.get(k) ?? '']).filter(([, v]) => v)),
    time: Object.fromEntries(TIME_FILTERS.map((k) => [k, search.get(k) ?? '']).filter(([, v]) => v)),
    notExpired: search.get('not_expired') === 'true',
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIMIT,
  };
}

/** The list call's query for these filters (empty ones left out). */
export function toQuery(f: CentreFilters): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = { offset: f.offset, limit: f.limit };
  for (const key of LIST_FILTERS) if (f[key].length) query[key] = f[key].join(',');
  for (const [key, value] of Object.entries(f.text)) if (value?.trim()) query[key] = value.trim();
  for (const [key, value] of Object.entries(f.time)) if (value) query[key] = value;
  if (f.notExpired) query.not_expired = true;
  return query;
}

/** The address for these filters; a changed filter goes back to the first page. */
export function toSearch(f: CentreFilters, open?: number | null): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(toQuery(f))) {
    if ((key === 'offset' && value === 0) || (key === 'limit' && value === DEFAULT_LIMIT)) continue;
    search.set(key, String(value));
  }
  if (open) search.set('open', String(open));
  return search;
}

/** `<input type="datetime-local">` speaks local wall time; the API speaks ISO instants. */
export function localToIso(local: string): string {
  if (!local) return '';
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

export function isoToLocal(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function toggleIn(values: string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}
