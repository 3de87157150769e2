import type { Notification } from '../../../contract/notifications/schemas';

export interface NotificationLink {
  kind: 'chart' | 'portfolio' | 'order';
  to: string;
  /** What the label names: the symbol, or the portfolio or order id. */
  label: string;
}

const TIMEFRAME = /^\d{1,2}[mhd]$/;

/**
 * Where a notification points: its symbol's chart (at the signal's timeframe when `data` has
 * one), its portfolio, and its order (on the portfolio's orders tab).
 */
export function notificationLinks(n: Pick<Notification, 'market' | 'symbol' | 'portfolio_id' | 'data'>): NotificationLink[] {
  const links: NotificationLink[] = [];
  if (n.market && n.symbol) {
    const tf = typeof n.data?.timeframe === 'string' && TIMEFRAME.test(n.data.timeframe) ? `?tf=${n.data.timeframe}` : '';
    links.push({ kind: 'chart', to: `/markets/${encodeURIComponent(n.market)}/${encodeURIComponent(n.symbol)}${tf}`, label: n.symbol });
  }
  if (n.portfolio_id !== null) links.push({ kind: 'portfolio', to: `/portfolios/${n.portfolio_id}`, label: String(n.portfolio_id) });
  const orderId = n.data?.order_id;
  if (n.portfolio_id !== null && (typeof orderId === 'number' || typeof orderId === 'string')) {
    links.push({ kind: 'order', to: `/portfolios/${n.portfolio_id}?tab=orders&order=${encodeURIComponent(String(orderId))}`, label: String(orderId) });
  }
  return links;
}
