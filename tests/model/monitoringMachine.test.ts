import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import type { LivePrice, LiveSnapshotItem } from '../../contract/market/live';
import type { MarketSymbol } from '../../contract/market/lists';
import { monitoringMachine, type MonitoringContext, type MonitoringEvent } from '../../src/machines/monitoringMachine';
import { describeEvent as defaultDescription, generatePaths, missingCoverage, NO_GAPS, replayPath, type StepCheck } from './support/modelPaths';

/*
 * The monitoring actor: paths from the machine's graph over two markets (a switch of market, and
 * late frames of the market left behind), replayed on a real actor. After every step: only the
 * selected market's data is held; a snapshot replaces the symbols, a batch changes only its own
 * symbols (the others keep their object, so their rows do not re-render) and records which way
 * each moved and when; the loading / live / stale tags follow the state.
 */

const candle = (price: number) => ({ open_time: 1_700_000_000_000, open: price, high: price, low: price, close: price, volume: 1 });

function price(symbol: string, value: number): LivePrice {
  return { symbol, price: value, timestamp: 1_700_000_000_000, open_24h: 100, change_24h_pct: value - 100, high_24h: 110, low_24h: 90, volume_24h: 1000, candle: candle(value) };
}
const snapshotItem = (symbol: string, value: number): LiveSnapshotItem => ({ ...price(symbol, value), sparkline: [98, 99, value] });

function symbol(market: string, name: string): MarketSymbol {
  return {
    id: 1,
    market,
    name,
    title: { fa: name, en: name },
    main_symbol: name,
    quote_symbol: 'USDT',
    sub_market: null,
    category: null,
    is_active: true,
    price_precision: 2,
    min_order_size: '0',
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
  };
}
const info = (market: string) => ({ type: 'monitoring.marketInfoLoaded', market, symbols: [symbol(market, 'A'), symbol(market, 'B')], sub_markets: [], categories: [] });

const EVENTS = [
  { type: 'monitoring.select', market: 'crypto' },
  { type: 'monitoring.select', market: 'tse' },
  info('crypto'),
  info('tse'),
  { type: 'monitoring.snapshot', market: 'crypto', items: [snapshotItem('BTC', 100), snapshotItem('ETH', 50)] },
  { type: 'monitoring.snapshot', market: 'tse', items: [snapshotItem('FOLD', 100)] },
  { type: 'monitoring.prices', market: 'crypto', items: [price('BTC', 101)] },
  { type: 'monitoring.prices', market: 'crypto', items: [price('BTC', 99)] },
  { type: 'monitoring.prices', market: 'tse', items: [price('FOLD', 105)] },
  { type: 'monitoring.disconnected', market: 'crypto' },
  { type: 'monitoring.disconnected', market: 'tse' },
  { type: 'monitoring.tagsLoaded', symbolsByTag: { watch: ['BTC'] } },
  { type: 'monitoring.portfolioUpdated' },
  { type: 'monitoring.clear' },
] as EventObject[];

/** States differ by value, the market, which market's lists are held and which symbols are live. */
const context = (c: MonitoringContext) => ({ market: c.market, info: c.marketInfo?.market ?? null, symbols: Object.keys(c.liveData.symbols).sort() });

function describeEvent(event: EventObject): string {
  const e = event as MonitoringEvent;
  if (e.type === 'monitoring.prices') return `${e.type} ${e.market} [${e.items.map((i) => `${i.symbol} ${i.price}`).join(', ')}]`;
  if (e.type === 'monitoring.snapshot' || e.type === 'monitoring.marketInfoLoaded' || e.type === 'monitoring.disconnected') return `${e.type} ${e.market}`;
  if (e.type === 'monitoring.select') return `${e.type} ${e.market}`;
  return defaultDescription(event);
}

const paths = generatePaths(monitoringMachine, { events: EVENTS, context, describeEvent });

function checker(clock: SimulatedClock) {
  return ({ event, snapshot, previous }: StepCheck) => {
    const c = snapshot.context as MonitoringContext;
    const before = previous?.context as MonitoringContext | undefined;
    const e = event as MonitoringEvent;
    // Tags follow the state.
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('waiting'));
    expect(snapshot.hasTag('live')).toBe(snapshot.matches('live'));
    expect(snapshot.hasTag('stale')).toBe(snapshot.matches('interrupted'));
    // Nothing is held without a selected market; lists held are the selected market's.
    if (c.market === null) {
      expect(snapshot.matches('idle')).toBe(true);
      expect(c.liveData.symbols).toEqual({});
      expect(c.marketInfo).toBeNull();
    }
    if (c.marketInfo) expect(c.marketInfo.market).toBe(c.market);
    if (!before) return;

    const foreign = 'market' in e && e.type !== 'monitoring.select' && e.market !== before.market;
    if (foreign) {
      // A late frame of another market changes nothing.
      expect(c).toEqual(before);
      expect(snapshot.value).toEqual(previous!.value);
      return;
    }
    switch (e.type) {
      case 'monitoring.select':
        if (e.market === before.market) expect(c).toEqual(before);
        else {
          expect(snapshot.matches('waiting')).toBe(true);
          expect(c.market).toBe(e.market);
          expect(c.liveData.symbols).toEqual({});
          expect(c.marketInfo).toBeNull();
        }
        break;
      case 'monitoring.snapshot':
        if (before.market === null) break;
        expect(snapshot.matches('live')).toBe(true);
        expect(Object.keys(c.liveData.symbols).sort()).toEqual(e.items.map((i) => i.symbol).sort());
        for (const item of e.items) expect(c.liveData.symbols[item.symbol]).toMatchObject({ price: item.price, sparkline: item.sparkline });
        expect(c.liveData.lastLiveMarketPricesUpdated).toBe(clock.now());
        break;
      case 'monitoring.prices': {
        if (before.market === null) break;
        for (const item of e.items) {
          const was = before.liveData.symbols[item.symbol];
          const now = c.liveData.symbols[item.symbol]!;
          expect(now.price).toBe(item.price);
          if (was && was.price !== item.price) {
            expect(now.direction).toBe(item.price > was.price ? 'up' : 'down');
            expect(now.previousPrice).toBe(was.price);
            expect(now.changedAt).toBe(clock.now());
            expect(now.sparkline).toBe(was.sparkline);
          }
        }
        // Symbols not in the batch keep their object.
        for (const [name, state] of Object.entries(before.liveData.symbols)) {
          if (!e.items.some((i) => i.symbol === name)) expect(c.liveData.symbols[name]).toBe(state);
        }
        expect(c.liveData.lastLiveMarketPricesUpdated).toBe(clock.now());
        if (previous!.matches('interrupted')) expect(snapshot.matches('live')).toBe(true);
        break;
      }
      case 'monitoring.disconnected':
        if (previous!.matches('live')) expect(snapshot.matches('interrupted')).toBe(true);
        // The last prices stay on screen.
        expect(c.liveData).toEqual(before.liveData);
        break;
      case 'monitoring.marketInfoLoaded':
        if (before.market !== null) expect(c.marketInfo).toMatchObject({ market: e.market, symbols: e.symbols, subscriptions: [] });
        break;
      case 'monitoring.tagsLoaded':
        expect(c.symbolsByTag).toEqual(e.symbolsByTag);
        break;
      case 'monitoring.portfolioUpdated':
        expect(c.liveData.lastPortfolioDataUpdated).toBe(clock.now());
        break;
      case 'monitoring.clear':
        expect(snapshot.matches('idle')).toBe(true);
        expect(c.symbolsByTag).toEqual({});
        break;
    }
    clock.increment(1_000);
  };
}

describe('monitoringMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(paths.map((p) => p.description)).toHaveLength(16);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(monitoringMachine, paths)).toEqual(NO_GAPS);
  });

  // Frames the guards refuse take no transition, so the graph has no edge for them: replayed by hand.
  it('ignores late frames of the market left behind, and a re-selection of the watched market', () => {
    const actor = createActor(monitoringMachine, { input: { now: () => 1 } }).start();
    actor.send({ type: 'monitoring.select', market: 'crypto' });
    actor.send(EVENTS[4] as MonitoringEvent);
    actor.send({ type: 'monitoring.select', market: 'tse' });
    actor.send(EVENTS[5] as MonitoringEvent);
    const held = actor.getSnapshot();
    for (const late of [EVENTS[2], EVENTS[4], EVENTS[6], EVENTS[9]] as MonitoringEvent[]) actor.send(late);
    actor.send({ type: 'monitoring.select', market: 'tse' });
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context).toEqual(held.context);
    expect(Object.keys(actor.getSnapshot().context.liveData.symbols)).toEqual(['FOLD']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      clock.set(1_700_000_000_000);
      const actor = createActor(monitoringMachine, { clock, input: { now: () => clock.now() } });
      await replayPath(path, { actor, clock, context, check: checker(clock), describeEvent });
    });
  }
});
