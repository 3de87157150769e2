import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fromCallback } from 'xstate';
import type { MarketSymbol } from '../../../contract/market/lists';
import type { Market } from '../../../contract/market/markets';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import type { BacktestResult } from '../../../contract/signals/backtest';
import type { Group, SubscriptionLink, SubscriptionWithLinks } from '../../../contract/signals/relations';
import type { Score } from '../../../contract/signals/scores';
import type { Strategy } from '../../../contract/signals/strategies';
import type { TaskInfo } from '../../../contract/system/tasks';
import { createAppSystem, type AppSystem } from '../../../src/actors/appSystem';
import { AppSystemContext } from '../../../src/actors/hooks';
import { installMarketFeed } from '../../../src/actors/marketFeed';
import { initI18n, type AppLanguage } from '../../../src/i18n';
import type { TransportEvent, TransportInput } from '../../../src/machines/socketMachine';
import { ApiError } from '../../../src/services/apiErrors';
import type { CallInput } from '../../../src/services/apiClient';
import { STARTER_BODY } from '../../../src/views/strategies/bodyDraft';
import { fakeApi, type FakeRoutes } from './renderWithSystem';

// jsdom has no ResizeObserver; Headless UI's combobox watches its input with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/*
 * The signals screens on the real app system over an in-memory server that keeps what the screens
 * change (groups, subscriptions, links, strategies), with sockets the test speaks through: the app
 * socket (score and task frames) and each market's live_price socket.
 */

export const NOW = '2026-01-01T00:00:00.000Z';
export const T0 = Date.parse(NOW);
export const USER = { id: 1, email: 'trader@b.test', full_name: 'Trader', is_active: true, is_superuser: false, created_at: NOW, updated_at: NOW };

const market = (id: number, name: string, fa: string, en: string): Market => ({
  id, name, title: { fa, en }, currency: 20, timezone: 'UTC', trading_hours: null, sources: ['simulated'], default_source: 'simulated', is_active: true, created_at: NOW, updated_at: NOW,
});
export const MARKETS = [market(1, 'crypto', 'رمزارز', 'Crypto'), market(2, 'tse', 'بورس تهران', 'Tehran Stock Exchange')];

let nextSymbolId = 1;
const symbol = (marketName: string, name: string, fa: string, en: string): MarketSymbol => ({
  id: nextSymbolId++, market: marketName, name, title: { fa, en }, main_symbol: name.replace(/USDT$/, ''), quote_symbol: 'USDT', sub_market: null, category: null,
  is_active: true, price_precision: 2, min_order_size: '0', created_at: NOW, updated_at: NOW,
});
export const SYMBOLS: Record<string, MarketSymbol[]> = {
  crypto: [symbol('crypto', 'BTCUSDT', 'بیت‌کوین', 'Bitcoin'), symbol('crypto', 'ETHUSDT', 'اتریوم', 'Ethereum'), symbol('crypto', 'SOLUSDT', 'سولانا', 'Solana')],
  tse: [symbol('tse', 'فولاد', 'فولاد مبارکه', 'Mobarakeh Steel')],
};

export function strategy(id: number, name: string, extra: Partial<Strategy> = {}): Strategy {
  return {
    id, name, description: null, owner_id: null, is_builtin: true, timeframe: '1h', version: 1,
    body: STARTER_BODY as Strategy['body'], created_at: NOW, updated_at: NOW, ...extra,
  };
}

export function score(subscription: number, symbolName: string, value: number, timestamp = T0): Score {
  return { subscription_id: subscription, strategy_id: 7, strategy_version: 1, strategy_timeframe: '1h', timeframe: '1h', market: 'crypto', symbol: symbolName, score_type: 'total', value, timestamp };
}

export function taskInfo(state: TaskInfo['state'], updatedAt: number, extra: Partial<TaskInfo> = {}): TaskInfo {
  return {
    id: 'task-1', name: 'strategy.backtest', state, progress: null, has_result: false, result: null, error: null, args: { strategy_id: 7 }, user_id: 1, retries: 0, revoke: null,
    created_at: NOW, started_at: NOW, finished_at: null, updated_at: new Date(updatedAt).toISOString(), ...extra,
  };
}

export function backtestResult(): BacktestResult {
  const day = 86_400_000;
  return {
    strategy_id: 7,
    strategy_version: 2,
    request: { market: 'crypto', symbols: ['BTCUSDT'], timeframe: '1h', from: T0 - 30 * day, to: T0, initial_balance: '10000', fee_rate: 0.001, position_size: 1 },
    candle_count: 720,
    elapsed_ms: 12,
    metrics: {
      total_return: 0.125, cagr: 3.2, max_drawdown: 0.08, sharpe: 1.75, sortino: 2.5, win_rate: 0.5, profit_factor: 1.8, trade_count: 2, exposure: 0.4,
      buy_and_hold_return: 0.05, final_equity: '11250', net_profit: '1250', fees_paid: '12.5',
    },
    per_symbol: [{ symbol: 'BTCUSDT', trade_count: 2, net_profit: '1250', win_rate: 0.5, buy_and_hold_return: 0.05 }],
    trades: [
      { market: 'crypto', symbol: 'BTCUSDT', entry_time: T0 - 20 * day, entry_price: '60000', entry_score: 60, exit_time: T0 - 15 * day, exit_price: '66000', exit_score: -60, exit_reason: 'signal', amount: '0.16', fees: '6', pnl: '1500', return: 0.1, bars_held: 120 },
      { market: 'crypto', symbol: 'BTCUSDT', entry_time: T0 - 10 * day, entry_price: '65000', entry_score: 70, exit_time: T0 - day, exit_price: '64000', exit_score: null, exit_reason: 'end_of_range', amount: '0.17', fees: '6.5', pnl: '-250', return: -0.015, bars_held: 216 },
    ],
    equity_curve: [
      { timestamp: T0 - 30 * day, equity: '10000', buy_and_hold: '10000', drawdown: 0 },
      { timestamp: T0 - 15 * day, equity: '11500', buy_and_hold: '10300', drawdown: 0 },
      { timestamp: T0, equity: '11250', buy_and_hold: '10500', drawdown: -0.0217 },
    ],
    monthly_returns: [{ year: 2025, months: [null, null, null, null, null, null, null, null, null, null, null, 0.125], total: 0.125 }],
  };
}

/** The in-memory server: what the relations, strategy and score calls read and change. */
export function createServer() {
  const state = {
    groups: [] as Group[],
    subscriptions: [] as SubscriptionWithLinks[],
    strategies: [strategy(7, 'EMA cross'), strategy(8, 'RSI reversion', { timeframe: '4h' }), strategy(20, 'My breakout', { owner_id: 1, is_builtin: false })],
    scores: [] as Score[],
    portfolios: [{ id: 5, name: 'Paper', market: 'crypto' }, { id: 6, name: 'Long term', market: 'crypto' }],
    nextId: 100,
    /** What `/task/state` answers (an admin's fallback when no task frame comes); null: 403 as for a user. */
    task: null as TaskInfo | null,
    /** Milliseconds an endpoint takes to answer (default: at once), to replay a slow network's order of events. */
    latency: {} as Record<string, number>,
    /** Set to make the next call of that endpoint fail with this error. */
    failNext: {} as Record<string, ApiError>,
  };
  const byId = (id: number) => state.groups.find((g) => g.id === id)!;
  const withCount = (g: Group): Group => ({ ...g, symbol_count: g.symbols?.length ?? 0 });
  const setSymbols = (g: Group, list: { market: string; symbol: string }[]) => {
    g.symbols = list.map((s, position) => ({ ...s, position, added_at: NOW }));
    g.symbol_count = list.length;
  };
  const body = (input: CallInput) => input.body as Record<string, any>;
  const query = (input: CallInput) => input.query as Record<string, any>;
  const portfolio = (p: { id: number; name: string; market: string }): PortfolioDetail =>
    ({ id: p.id, owner_id: 1, name: p.name, description: null, market: p.market, currency: 20, status: 10, account_type: 10, broker_id: null, created_at: NOW, updated_at: NOW, summary: null }) as PortfolioDetail;
  const link = (subscription_id: number, portfolio_id: number, confirmation: boolean): SubscriptionLink => ({ id: state.nextId++, subscription_id, portfolio_id, is_active: true, confirmation, created_at: NOW, updated_at: NOW });

  const routes: FakeRoutes = {
    'accounts.me': () => USER,
    'config.get': () => {
      throw new Error('offline');
    },
    'market.listMarkets': () => ({ data: MARKETS, count: MARKETS.length }),
    'market.getList': (input) => {
      const name = (input.params as { name: string }).name;
      const data = name === 'symbols' ? (SYMBOLS[query(input).market] ?? []) : [];
      return { list: name, data, count: data.length };
    },
    'market.getKlines': () => ({ return_as: 'arrays', market: 'crypto', symbol: 'BTCUSDT', source: 'simulated', timeframe: '1h', count: 0, has_more: false, forming_open_time: null, data: { open_time: [], open: [], high: [], low: [], close: [], volume: [] } }),
    'relations.listGroups': (input) => {
      const data = state.groups.map(withCount).map((g) => (query(input).include_symbols ? g : { ...g, symbols: undefined }));
      return { data, count: data.length };
    },
    'relations.createGroup': (input) => {
      const b = body(input);
      const group: Group = { id: state.nextId++, name: b.name, node_id: b.node_id ?? null, position: state.groups.filter((g) => g.node_id === (b.node_id ?? null)).length, symbol_count: 0, symbols: [], created_at: NOW, updated_at: NOW };
      state.groups.push(group);
      return group;
    },
    'relations.updateGroup': (input) => {
      const b = body(input);
      const g = byId(b.id);
      Object.assign(g, Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'id')));
      return withCount(g);
    },
    'relations.deleteGroup': (input) => {
      state.groups = state.groups.filter((g) => g.id !== Number(query(input).group_id));
      return { msg: 'deleted' };
    },
    'relations.addGroupSymbols': (input) => {
      const g = byId(Number(query(input).group_id));
      const have = g.symbols ?? [];
      setSymbols(g, [...have, ...body(input).symbols.filter((s: { symbol: string }) => !have.some((h) => h.symbol === s.symbol))]);
      return withCount(g);
    },
    'relations.updateGroupSymbols': (input) => {
      const g = byId(Number(query(input).group_id));
      setSymbols(g, body(input).symbols);
      return withCount(g);
    },
    'relations.deleteGroupSymbols': (input) => {
      const g = byId(Number(query(input).group_id));
      const gone = String(query(input).symbols).split(',');
      setSymbols(g, (g.symbols ?? []).filter((s) => !gone.includes(s.symbol)));
      return withCount(g);
    },
    'relations.listStrategies': () => ({ data: state.strategies.map(({ body: _b, ...s }) => s), count: state.strategies.length }),
    'strategy.list': (input) => {
      const scope = query(input).scope ?? 'all';
      const data = state.strategies.filter((s) => scope === 'all' || (scope === 'own') === !s.is_builtin).map(({ body: _b, ...s }) => s);
      return { data, count: data.length };
    },
    'strategy.get': (input) => {
      const found = state.strategies.find((s) => s.id === Number((input.params as { id: number }).id));
      if (!found) throw new ApiError('HTTP_ERROR', 404, { detail: 'Strategy not found' }, 'Strategy not found');
      return found;
    },
    'strategy.create': (input) => {
      const s = strategy(state.nextId++, body(input).name, { ...body(input), owner_id: 1, is_builtin: false });
      state.strategies.push(s);
      return s;
    },
    'strategy.update': (input) => {
      const s = state.strategies.find((x) => x.id === Number((input.params as { id: number }).id))!;
      Object.assign(s, body(input), { version: s.version + 1 });
      return s;
    },
    'relations.getOwnSubscriptions': () => ({ data: state.subscriptions, count: state.subscriptions.length }),
    'relations.createSubscription': (input) => {
      const b = body(input);
      const s: SubscriptionWithLinks = {
        id: state.nextId++, name: b.name, listing_level: b.listing_level, confirmation_mode: b.confirmation_mode, is_active: b.is_active, strategy_id: b.strategy_id,
        strategy_name: state.strategies.find((x) => x.id === b.strategy_id)?.name ?? '?', timeframe: b.timeframe, group_ids: b.group_ids, last_scored_at: null, created_at: NOW, updated_at: NOW, links: [],
      };
      state.subscriptions.push(s);
      return s;
    },
    'relations.updateSubscription': (input) => {
      const b = body(input);
      const s = state.subscriptions.find((x) => x.id === b.id)!;
      Object.assign(s, Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'id')));
      return s;
    },
    'relations.deleteSubscription': (input) => {
      state.subscriptions = state.subscriptions.filter((s) => s.id !== Number(query(input).subscription_id));
      return { msg: 'deleted' };
    },
    'relations.createSubscriptionLink': (input) => {
      const b = body(input);
      const created = link(b.subscription_id, b.portfolio_id, b.confirmation ?? true);
      state.subscriptions.find((s) => s.id === b.subscription_id)!.links.push(created);
      return created;
    },
    'relations.setSubscriptionLinkConfirmation': (input) => {
      const found = state.subscriptions.flatMap((s) => s.links).find((l) => l.id === body(input).link_id)!;
      found.confirmation = body(input).confirmation;
      return found;
    },
    'relations.setSubscriptionLinkActiveStatus': (input) => {
      const found = state.subscriptions.flatMap((s) => s.links).find((l) => l.id === body(input).link_id)!;
      found.is_active = body(input).is_active;
      return found;
    },
    'relations.deleteSubscriptionLink': (input) => {
      for (const s of state.subscriptions) s.links = s.links.filter((l) => l.id !== Number(query(input).link_id));
      return { msg: 'deleted' };
    },
    'portfolio.list': () => ({ data: state.portfolios.map(portfolio), count: state.portfolios.length }),
    'portfolio-manager.readLastScores': () => ({ data: state.scores, count: state.scores.length }),
    'strategy.backtest': () => ({ task_id: 'task-1', task_name: 'strategy.backtest', state: 'PENDING' }),
    'tasks.state': (input) => {
      if (!state.task) throw new ApiError('HTTP_ERROR', 403, { detail: 'Not enough privileges' }, 'Not enough privileges');
      return query(input).get_result ? { ...state.task, result: backtestResult() } : state.task;
    },
  };
  // A failure set in `failNext` answers the next call of that endpoint instead of the route.
  const guarded: FakeRoutes = Object.fromEntries(
    Object.entries(routes).map(([id, route]) => [
      id,
      async (input: CallInput) => {
        const latency = state.latency[id];
        if (latency) await new Promise((resolve) => setTimeout(resolve, latency));
        const failure = state.failNext[id];
        if (failure) {
          delete state.failNext[id];
          throw failure;
        }
        return route(input);
      },
    ]),
  );
  return { state, routes: guarded };
}

/** A websocket the test speaks through, keyed by the URL's path. */
export function scriptedSockets() {
  const open = new Map<string, (event: unknown) => void>();
  const logic = fromCallback<TransportEvent, TransportInput>(({ input, sendBack }) => {
    const path = decodeURIComponent(new URL(input.href).pathname);
    open.set(path, sendBack as (event: unknown) => void);
    sendBack({ type: 'socket.opened' });
    return () => open.delete(path);
  });
  return {
    logic,
    open,
    push(path: string, message: unknown) {
      const sendBack = open.get(path);
      if (!sendBack) throw new Error(`no socket open at ${path} (open: ${[...open.keys()].join(', ')})`);
      act(() => sendBack({ type: 'socket.message', message }));
    },
    drop(path: string) {
      const sendBack = open.get(path);
      act(() => sendBack?.({ type: 'socket.closed', code: 1006, reason: 'gone' }));
    },
  };
}

export function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const systems: AppSystem[] = [];
export function stopSignalsSystems() {
  for (const system of systems.splice(0)) system.stop();
}

/** Renders `routes` at `path` on a signed-in system over `server`. */
export function renderSignals(routes: ReactNode, options: { path: string; server?: ReturnType<typeof createServer>; language?: AppLanguage; user?: typeof USER }) {
  const language = options.language ?? 'fa-IR';
  const server = options.server ?? createServer();
  localStorage.setItem('user', JSON.stringify({ ...(options.user ?? USER), access_token: 'token-1' }));
  localStorage.setItem('appState', JSON.stringify({ language }));
  const api = fakeApi({ ...server.routes, 'accounts.me': () => options.user ?? USER });
  const sockets = scriptedSockets();
  const system = createAppSystem({ api, origin: 'http://localhost', transport: sockets.logic });
  system.start();
  systems.push(system);
  installMarketFeed(system, { transport: sockets.logic, origin: 'http://localhost' });
  const i18n = initI18n(language);
  const view = render(
    <AppSystemContext.Provider value={system}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[options.path]}>
          <Routes>
            {routes}
            <Route path="/markets/:market/:symbol" element={<p>chart page</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </AppSystemContext.Provider>,
  );
  return { ...view, system, api, server, sockets };
}
