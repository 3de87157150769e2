import type { ScoreWrite } from '../../../server/store/repositories/scores';
import type { SignalWrite } from '../../../server/store/repositories/signals';
import type { CallResult, TestServer } from '../support/testServer';

/** A small valid strategy body (DOMAIN.md's example, trimmed). */
export const EMA_BODY = {
  version: 1,
  indicators: { fast: { type: 'ema', period: 12 }, slow: { type: 'ema', period: 26 }, rsi: { type: 'rsi', period: 14 } },
  rules: [
    { name: 'trend_up', when: ['cross_above', 'fast', 'slow'], score: 60 },
    { name: 'oversold', when: ['lt', 'rsi', 30], score: 40 },
  ],
  entry: 50,
  exit: -50,
};

/** Field error locations of a 422, joined with dots, for readable assertions. */
export const locs = (res: CallResult): string[] => (res.body.detail as { loc: (string | number)[] }[]).map((d) => d.loc.join('.'));

export const msgs = (res: CallResult): string[] => (res.body.detail as { msg: string }[]).map((d) => d.msg);

/** JSON helpers bound to one user's token. */
export function as(t: TestServer, token: string) {
  const qs = (params: Record<string, string | number | boolean> = {}) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return {
    get: (path: string, params?: Record<string, string | number | boolean>) => t.call('GET', `${path}?${qs(params)}`, { token }),
    del: (path: string, params?: Record<string, string | number | boolean>) => t.call('DELETE', `${path}?${qs(params)}`, { token }),
    post: (path: string, json: unknown, params?: Record<string, string | number | boolean>) =>
      t.call('POST', params ? `${path}?${qs(params)}` : path, { token, json }),
    put: (path: string, json: unknown, params?: Record<string, string | number | boolean>) =>
      t.call('PUT', params ? `${path}?${qs(params)}` : path, { token, json }),
  };
}
export type Client = ReturnType<typeof as>;

/** Asserts a 200 and answers the body. */
export async function ok<T = any>(pending: Promise<CallResult>): Promise<T> {
  const res = await pending;
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.text}`);
  return res.body as T;
}

export const R = '/api/relations';

export async function createGroup(c: Client, name: string, symbols: string[] = [], extra: Record<string, unknown> = {}) {
  return ok(c.post(`${R}/create_group`, { name, symbols: symbols.map((symbol) => ({ market: 'crypto', symbol })), ...extra }));
}

export async function builtinId(c: Client, name = 'EMA cross + RSI'): Promise<number> {
  const list = await ok(c.get('/api/strategy/', { scope: 'builtin' }));
  return list.data.find((s: { name: string }) => s.name === name).id;
}

export async function createSubscription(c: Client, groupIds: number[], extra: Record<string, unknown> = {}) {
  const strategyId = extra.strategy_id ?? (await builtinId(c));
  return ok(c.post(`${R}/create_subscription`, { name: 'sub', strategy_id: strategyId, timeframe: '1h', group_ids: groupIds, ...extra }));
}

export async function createPortfolio(c: Client, extra: Record<string, unknown> = {}) {
  return ok(c.post('/api/portfolio/', { name: 'paper', market: 'crypto', ...extra }));
}

/** A score row as the live engine writes it, for one subscription on crypto. */
export function score(
  subscriptionId: number,
  symbol: string,
  timestamp: number,
  value: number,
  extra: Partial<ScoreWrite> = {},
): ScoreWrite {
  return {
    subscription_id: subscriptionId,
    market: 'crypto',
    symbol,
    score_type: 'total',
    timestamp,
    timeframe: '1h',
    strategy_id: 1,
    strategy_version: 1,
    strategy_timeframe: '1h',
    value,
    ...extra,
  };
}

export function signal(userId: number, subscriptionId: number, strategyId: number, timestamp: number, extra: Partial<SignalWrite> = {}): SignalWrite {
  return {
    user_id: userId,
    subscription_id: subscriptionId,
    strategy_id: strategyId,
    strategy_version: 1,
    market: 'crypto',
    symbol: 'BTCUSDT',
    timeframe: '1h',
    side: 'buy',
    score: 60,
    level: 50,
    price: '64000.5',
    timestamp,
    ...extra,
  };
}
