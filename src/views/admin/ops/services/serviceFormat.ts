import { formatDateTime, formatNumber } from '../../../../i18n/format';

/** How a service's own figures read: known keys get a label and a sensible format, others are shown raw. */

type T = (key: string, options?: Record<string, unknown>) => string;

const KNOWN_KEYS = new Set([
  'ticks_per_second', 'clients', 'connections', 'pending', 'running', 'queue_depth', 'symbols', 'subscribed', 'source', 'last_tick_at', 'subscriptions', 'closes', 'sent', 'failed',
  'interval_ms', 'scorers', 'markets', 'scores', 'signals', 'last_pass_ms', 'last_pass_slots', 'last_pass_error', 'deliveries_pending', 'deliveries_running', 'expiry_running', 'paused_channels', 'paused', 'concurrency', 'by_name', 'app', 'market', 'portfolio', 'users', 'open_sockets', 'bus_subscribers',
]);

export function dataLabel(key: string, t: T): string {
  return KNOWN_KEYS.has(key) ? t(`adminOps.services.dataKeys.${key}`) : key;
}

export function dataValue(key: string, value: unknown, language: string, t: T): string {
  if (value === null || value === undefined) return t('adminOps.none');
  if (typeof value === 'boolean') return value ? t('adminOps.services.yes') : t('adminOps.services.no');
  if (typeof value === 'number') {
    // Epoch-ms instants (`…_at`) as times; rates with one decimal; counts as whole numbers.
    if (key.endsWith('_at') && value > 1e11) return formatDateTime(value, language);
    return formatNumber(value, language, { maximumFractionDigits: key === 'ticks_per_second' ? 1 : 2 });
  }
  if (typeof value === 'string') return key.endsWith('_at') && !Number.isNaN(Date.parse(value)) ? formatDateTime(Date.parse(value), language) : value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.length ? value.join(', ') : t('adminOps.none');
  return JSON.stringify(value);
}

/** Uptime as its two largest units: "2 h 5 min", "40 s". */
export function formatDuration(ms: number, language: string, t: T): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const parts: [string, number][] = [
    ['d', Math.floor(seconds / 86_400)],
    ['h', Math.floor((seconds % 86_400) / 3600)],
    ['m', Math.floor((seconds % 3600) / 60)],
    ['s', seconds % 60],
  ];
  const first = parts.findIndex(([, n]) => n > 0);
  if (first === -1) return t('adminOps.services.duration.s', { n: formatNumber(0, language) });
  return parts
    .slice(first, first + 2)
    .filter(([, n]) => n > 0)
    .map(([unit, n]) => t(`adminOps.services.duration.${unit}`, { n: formatNumber(n, language) }))
    .join(' ');
}
