import { DEFAULT_PAGE_SIZE, readPage } from '../Pager';

/**
 * The audit log's filters live in the address (`/admin/audit?action=market.dataUpdate&outcome=refused`),
 * named as the audit.list query names them, so a filtered view can be linked and reloaded.
 */
export interface AuditView {
  action: string;
  outcome: '' | 'ok' | 'refused';
  q: string;
  /** ISO instants; `to` is exclusive, as the server reads it. */
  from: string;
  to: string;
  offset: number;
  limit: number;
}

const FILTERS = ['action', 'q', 'from', 'to'] as const;

export function readAuditView(search: URLSearchParams): AuditView {
  const outcome = search.get('outcome');
  const { skip, limit } = readPage(search, 'offset');
  return {
    action: search.get('action') ?? '',
    outcome: outcome === 'ok' || outcome === 'refused' ? outcome : '',
    q: search.get('q')?.trim() ?? '',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    offset: skip,
    limit,
  };
}

/** The audit.list query: the page plus every filter that is set. */
export function toAuditQuery(view: AuditView): Record<string, string | number> {
  const query: Record<string, string | number> = { offset: view.offset, limit: view.limit };
  for (const key of FILTERS) if (view[key]) query[key] = view[key];
  if (view.outcome) query.outcome = view.outcome;
  return query;
}

export function toAuditSearch(view: AuditView): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(toAuditQuery(view))) {
    if ((key === 'offset' && value === 0) || (key === 'limit' && value === DEFAULT_PAGE_SIZE)) continue;
    search.set(key, String(value));
  }
  return search;
}

/** `<input type="datetime-local">` speaks local wall time; the API speaks ISO instants. */
export function localToIso(local: string): string {
  const ms = local ? Date.parse(local) : Number.NaN;
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

export function isoToLocal(iso: string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
