import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ruleset, RulesetStatus } from '../../contract/portfolio/rules';
import { checkOrderAgainstRules } from '../../server/domain/portfolios/rules/checkOrder';
import { ordersRepository, type OrderWrite } from '../../server/store/repositories/orders';
import { storeCandles } from './klines/klineFixture';
import { as, createPortfolio, locs, ok, type Client } from './signals/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

const M = '/api/portfolio/manager';

/** A manual order of the portfolio in a given status, written straight to the orders table. */
function order(portfolioId: number, symbol: string, status: OrderWrite['status'], clientId: string): OrderWrite {
  return {
    portfolio_id: portfolioId, market: 'crypto', symbol, main_symbol: symbol.replace(/USDT$/, ''), quote_symbol: 'USDT',
    side: 'buy', order_type: 20, status, timeframe: null, price: '100', amount: '1', filled: '0', average_fill_price: null,
    fee: '0', fee_symbol: null, source: { type: 'manual' }, rule_flags: [], reject_reason: null, note: null,
    client_order_id: clientId, timestamp: 1_717_200_000_000, filled_at: null,
  };
}

describe('rulesets', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  let pid: number;
  beforeAll(async () => {
    t = await startTestServer();
    alice = as(t, (await t.createUser('alice.rules@bazaar.test')).token);
    bob = as(t, (await t.createUser('bob.rules@bazaar.test')).token);
    pid = (await createPortfolio(alice)).id;
  });
  afterAll(async () => t?.close());

  const status = async (portfolio = pid) => RulesetStatus.parse(await ok(alice.get(`${M}/get_ruleset_status`, { portfolio_id: portfolio })));

  it('has no ruleset and no violations at first', async () => {
    const s = await status();
    expect(s).toMatchObject({ portfolio_id: pid, ruleset: null, violations: [] });
    expect(s.checked_at).toBeGreaterThan(0);
  });

  it('replaces the whole ruleset; refuse is the default action, omitted rules are off', async () => {
    const first = Ruleset.parse(
      await ok(
        alice.post(`${M}/set_portfolio_ruleset`, {
          portfolio_id: pid,
          max_position_pct: { value: '25' },
          stop_loss_pct: { value: '10', action: 'flag' },
          allowed_symbols: { value: ['BTCUSDT', 'ETHUSDT', 'BTCUSDT'], action: 'flag' },
        }),
      ),
    );
    expect(first).toMatchObject({
      portfolio_id: pid,
      max_position_pct: { value: '25', action: 'refuse' },
      stop_loss_pct: { value: '10', action: 'flag' },
      take_profit_pct: null,
      max_open_orders: null,
      allowed_symbols: { value: ['BTCUSDT', 'ETHUSDT'], action: 'flag' },
    });
    const second = await ok(alice.post(`${M}/set_portfolio_ruleset`, { portfolio_id: pid, take_profit_pct: { value: '250.5', action: 'flag' }, max_open_orders: { value: 2 }, stop_loss_pct: null }));
    expect(second).toMatchObject({ max_position_pct: null, stop_loss_pct: null, allowed_symbols: null, take_profit_pct: { value: '250.5' }, max_open_orders: { value: 2, action: 'refuse' } });
    expect((await status()).ruleset).toEqual(second);
  });

  it('refuses bad rules with 422 naming the field, keeping the ruleset as it was', async () => {
    const before = (await status()).ruleset;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ max_position_pct: { value: '0' } }, ['body.max_position_pct.value']],
      [{ max_position_pct: { value: '100.5' } }, ['body.max_position_pct.value']],
      [{ stop_loss_pct: { value: 'ten' } }, ['body.stop_loss_pct.value']],
      [{ take_profit_pct: { value: '10001' } }, ['body.take_profit_pct.value']],
      [{ max_open_orders: { value: 0 } }, ['body.max_open_orders.value']],
      [{ max_open_orders: { value: 3, action: 'warn' } }, ['body.max_open_orders.action']],
      [{ allowed_symbols: { value: [] } }, ['body.allowed_symbols.value']],
      [{ allowed_symbols: { value: ['BTCUSDT', 'FOLD1', 'NOPE'] } }, ['body.allowed_symbols.value.1', 'body.allowed_symbols.value.2']],
      [{ max_leverage: { value: 3 }, max_open_orders: { value: 2 } }, ['body.max_leverage']],
      [{}, ['body']],
    ];
    for (const [rules, expected] of cases) {
      const res = await alice.post(`${M}/set_portfolio_ruleset`, { portfolio_id: pid, ...rules });
      expect(res.status, JSON.stringify(rules)).toBe(422);
      // A value can break two checks (not a decimal, so not a percentage): each field once is enough here.
      expect([...new Set(locs(res))]).toEqual(expected);
    }
    expect((await status()).ruleset).toEqual(before);
  });

  it('lists what the open and pending orders break now', async () => {
    const db = t.server.app.ctx.db;
    await ok(alice.post(`${M}/set_portfolio_ruleset`, { portfolio_id: pid, max_open_orders: { value: 2, action: 'flag' }, allowed_symbols: { value: ['BTCUSDT'] } }));
    await ordersRepository.insertOrder(db, order(pid, 'BTCUSDT', 20, 'a'));
    await ordersRepository.insertOrder(db, order(pid, 'ETHUSDT', 10, 'b'));
    expect((await status()).violations.map((v) => [v.rule, v.action, v.symbol])).toEqual([['allowed_symbols', 'refuse', 'ETHUSDT']]);
    await ordersRepository.insertOrder(db, order(pid, 'BTCUSDT', 20, 'c'));
    // Filled and cancelled orders are not open.
    await ordersRepository.insertOrder(db, order(pid, 'SOLUSDT', 30, 'd'));
    await ordersRepository.insertOrder(db, order(pid, 'SOLUSDT', 40, 'e'));
    const s = await status();
    expect(s.violations.map(({ rule, action, symbol, limit, actual }) => ({ rule, action, symbol, limit, actual }))).toEqual([
      { rule: 'max_open_orders', action: 'flag', symbol: null, limit: '2', actual: '3' },
      { rule: 'allowed_symbols', action: 'refuse', symbol: 'ETHUSDT', limit: null, actual: null },
    ]);
    expect(s.violations[0]!.message).toBe('3 open or pending orders, above the limit of 2');
    // The portfolio's summary counts them too.
    expect((await ok(alice.get(`/api/portfolio/${pid}`, {}))).summary.violations_count).toBe(2);
  });

  it('decides for a new order: refuse, flag, or let it through', async () => {
    const db = t.server.app.ctx.db;
    const check = (symbol: string, side: 'buy' | 'sell', orderId?: number) =>
      checkOrderAgainstRules(db, { portfolioId: pid, market: 'crypto', symbol, side, amount: '1', price: '100', ...(orderId ? { orderId } : {}) });
    // Three open already, limit 2 (flag); ETH is outside the allowed list (refuse).
    const eth = await check('ETHUSDT', 'buy');
    expect(eth.refuse).toBe('ETHUSDT is not among the allowed symbols');
    expect(eth.flags).toEqual(['max_open_orders']);
    expect(await check('ETHUSDT', 'sell')).toMatchObject({ refuse: null, flags: ['max_open_orders'] });

    await ok(alice.post(`${M}/set_portfolio_ruleset`, { portfolio_id: pid, max_open_orders: { value: 3 } }));
    expect((await check('BTCUSDT', 'buy')).refuse).toBe('this order would make 4 open or pending orders, above the limit of 3');
    // An order already stored (a fill or confirmation) is not counted twice.
    // (Inserting under an existing client id answers the stored order.)
    const { order: stored, created } = await ordersRepository.insertOrder(db, order(pid, 'BTCUSDT', 20, 'a'));
    expect(created).toBe(false);
    expect(await check('BTCUSDT', 'buy', stored.id)).toEqual({ refuse: null, flags: [], violations: [] });

    const other = (await createPortfolio(alice, { name: 'no rules' })).id;
    expect(await checkOrderAgainstRules(db, { portfolioId: other, market: 'crypto', symbol: 'XRPUSDT', side: 'buy', amount: '1', price: '1' })).toEqual({ refuse: null, flags: [], violations: [] });
  });

  it("answers 404 for another user's portfolio, and removes a ruleset once", async () => {
    const calls = [
      bob.post(`${M}/set_portfolio_ruleset`, { portfolio_id: pid, max_open_orders: { value: 9 } }),
      bob.del(`${M}/remove_portfolio_ruleset`, { portfolio_id: pid }),
      bob.get(`${M}/get_ruleset_status`, { portfolio_id: pid }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status, res.text).toBe(404);
    expect((await status()).ruleset).toMatchObject({ max_open_orders: { value: 3 } });
    expect(await ok(alice.del(`${M}/remove_portfolio_ruleset`, { portfolio_id: pid }))).toEqual({ removed: 1 });
    expect(await ok(alice.del(`${M}/remove_portfolio_ruleset`, { portfolio_id: pid }))).toEqual({ removed: 0 });
    expect(await status()).toMatchObject({ ruleset: null, violations: [] });
  });

  it('judges holdings from the ledger: position share, stop loss and take profit, and a buy that would break them', async () => {
    const db = t.server.app.ctx.db;
    // Last closes: BTC 1200, ETH 400 (a minute ago, so they are the prices in force).
    const at = Math.floor(Date.now() / 60_000) * 60_000 - 120_000;
    const candle = (symbol: string, close: number) => ({
      market: 'crypto', symbol, source: 'simulated', timeframe: '1m' as const, open_time: at, open: close, high: close, low: close, close, volume: 1,
    });
    await storeCandles(t, [candle('BTCUSDT', 1200), candle('ETHUSDT', 400)]);
    const p = (await createPortfolio(alice, { name: 'held' })).id;
    // 2000 USDT; 0.5 BTC for 500 (average 1000), 1 ETH for 500 (average 500); 1000 USDT left.
    await ok(alice.post(`${M}/set_new_balance`, { portfolio_id: p, type: 10, symbol: 'USDT', amount: '2000' }));
    await ok(alice.post(`${M}/set_new_balance`, { portfolio_id: p, type: 30, symbol: 'BTC', amount: '0.5', price: '1000' }));
    await ok(alice.post(`${M}/set_new_balance`, { portfolio_id: p, type: 30, symbol: 'ETH', amount: '1', price: '500' }));
    await ok(
      alice.post(`${M}/set_portfolio_ruleset`, {
        portfolio_id: p,
        max_position_pct: { value: '25' },
        stop_loss_pct: { value: '20', action: 'flag' },
        take_profit_pct: { value: '15', action: 'flag' },
      }),
    );
    // Valued: USDT 1000, BTC 0.5 × 1200 = 600 (30% of 2000; +20% on cost), ETH 1 × 400 = 400 (20%; −20%).
    const s = await status(p);
    expect(s.violations.map(({ rule, action, symbol, limit, actual }) => ({ rule, action, symbol, limit, actual }))).toEqual([
      { rule: 'max_position_pct', action: 'refuse', symbol: 'BTC', limit: '25', actual: '30' },
      { rule: 'take_profit_pct', action: 'flag', symbol: 'BTC', limit: '15', actual: '20' },
      { rule: 'stop_loss_pct', action: 'flag', symbol: 'ETH', limit: '20', actual: '20' },
    ]);

    const check = (symbol: string, amount: string, side: 'buy' | 'sell' = 'buy') =>
      checkOrderAgainstRules(db, { portfolioId: p, market: 'crypto', symbol, side, amount, price: symbol === 'BTCUSDT' ? '1200' : '400' });
    // 0.1 BTC more: 0.6 × 1200 = 720 of an unchanged 2000 → 36%; BTC also stands past its take profit.
    const btc = await check('BTCUSDT', '0.1');
    expect(btc.refuse).toBe('buying 0.1 BTCUSDT would make BTC 36% of the portfolio, above the 25% limit');
    expect(btc.flags).toEqual(['take_profit_pct']);
    // 0.1 ETH more: 1.1 × 400 = 440 → 22%, inside the limit; ETH is past its stop loss: flagged only.
    expect(await check('ETHUSDT', '0.1')).toMatchObject({ refuse: null, flags: ['stop_loss_pct'] });
    // Selling cures, never breaks.
    expect(await check('BTCUSDT', '0.5', 'sell')).toEqual({ refuse: null, flags: [], violations: [] });
  });
});
