import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BacktestResult } from '../../contract/signals/backtest';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * `POST /strategy/{id}/backtest` on a real server: the task runs over stored candles (1m stored,
 * 1h aggregated), its progress and result reach the owner's app socket, the same request gives
 * the same result, a range without candles fails with a sentence, and bad requests change nothing.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2026, 2, 2); // a Monday, 00:00 UTC
const BODY = {
  version: 1,
  indicators: {},
  rules: [
    { name: 'above', when: ['gt', 'close', 100], score: 60 },
    { name: 'below', when: ['lt', 'close', 95], score: -60 },
  ],
  entry: 50,
  exit: -50,
};
// Hourly closes: flat at 90, up to 110 (a buy at hour 2's close), back to 90 (a sell at hour 5's).
const HOURLY = [90, 90, 110, 110, 110, 90, 90, 90];

describe('backtests', () => {
  let ts: TestServer;
  let token: string;
  let strategyId: number;
  const request = (extra: Record<string, unknown> = {}) => ({
    market: 'crypto', symbols: ['BTCUSDT'], timeframe: '1h', from: T0 + HOUR, to: T0 + HOURLY.length * HOUR, initial_balance: '1000', fee_rate: 0, ...extra,
  });
  const result = async (taskId: string) => {
    const info = await ts.server.app.ctx.services.tasks.wait(taskId);
    if (!info) throw new Error(`task ${taskId} is unknown`);
    return info;
  };

  beforeAll(async () => {
    ts = await startTestServer();
    token = (await ts.createUser('backtester@bazaar.test')).token;
    const rows = HOURLY.flatMap((close, h) =>
      Array.from({ length: 60 }, (_, m) => ({
        market: 'crypto', symbol: 'BTCUSDT', source: 'simulated', timeframe: '1m' as const,
        open_time: T0 + h * HOUR + m * MIN, open: close, high: close, low: close, close, volume: 1,
      })),
    );
    await ts.server.app.ctx.services.klines.insert(rows);
    strategyId = (await ts.call('POST', '/api/strategy/', { token, json: { name: 'Threshold', body: BODY } })).body.id;
  });
  afterAll(async () => ts?.close());

  it('runs as a task: one round trip bought at 110 and sold at 90, progress and result pushed to the owner', async () => {
    const socket = new WebSocket(`${ts.url.replace(/^http/, 'ws')}/api/ws/app?token=${token}`);
    const messages: any[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = await ts.call('POST', `/api/strategy/${strategyId}/backtest`, { token, json: request() });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ task_name: 'strategy.backtest', state: 'PENDING' });
    const info = await result(started.body.task_id);
    expect(info.state).toBe('SUCCESS');
    const outcome = BacktestResult.parse(info.result);
    expect(outcome.trades).toHaveLength(1);
    const [trade] = outcome.trades;
    expect(trade).toMatchObject({ symbol: 'BTCUSDT', exit_reason: 'signal', entry_time: T0 + 3 * HOUR, exit_time: T0 + 6 * HOUR });
    expect(Number(trade!.entry_price)).toBe(110);
    expect(Number(trade!.exit_price)).toBe(90);
    // 1000 bought at 110, sold at 90, no fee: 818.18…
    expect(Number(outcome.metrics.final_equity)).toBeCloseTo((1000 / 110) * 90, 4);
    expect(outcome.metrics.trade_count).toBe(1);
    expect(outcome.request).toMatchObject({ fee_rate: 0, position_size: 1, timeframe: '1h' });

    await expect.poll(() => messages.filter((m) => m._type === 'task' && m.data.state === 'SUCCESS').length).toBe(1);
    const done = messages.find((m) => m._type === 'task' && m.data.state === 'SUCCESS');
    expect(done.params).toEqual({ task_id: started.body.task_id, name: 'strategy.backtest' });
    expect(BacktestResult.parse(done.data.result).trades).toHaveLength(1);
    expect(messages.some((m) => m._type === 'task' && m.data.state === 'PROGRESS')).toBe(true);
    socket.close();
  });

  it('gives the same result for the same request', async () => {
    const run = async () => {
      const started = await ts.call('POST', `/api/strategy/${strategyId}/backtest`, { token, json: request({ fee_rate: 0.001 }) });
      const { elapsed_ms: _elapsed, ...rest } = BacktestResult.parse((await result(started.body.task_id)).result);
      return rest;
    };
    expect(await run()).toEqual(await run());
  });

  it('fails the task with a sentence when the range holds no candles', async () => {
    const started = await ts.call('POST', `/api/strategy/${strategyId}/backtest`, { token, json: request({ from: T0 - 30 * 24 * HOUR, to: T0 - 20 * 24 * HOUR }) });
    expect(started.status).toBe(200);
    const info = await result(started.body.task_id);
    expect(info.state).toBe('FAILURE');
    expect(info.error?.message).toMatch(/No 1h candles of BTCUSDT/);
  });

  it('refuses bad requests by field, and another user’s strategy as missing', async () => {
    const unknown = await ts.call('POST', `/api/strategy/${strategyId}/backtest`, { token, json: request({ symbols: ['BTCUSDT', 'NOPEUSDT'] }) });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'symbols', 1]);
    const backwards = await ts.call('POST', `/api/strategy/${strategyId}/backtest`, { token, json: request({ to: T0 }) });
    expect(backwards.status).toBe(422);
    expect(backwards.body.detail[0].loc).toEqual(['body', 'to']);
    const timeframe = await ts.call('POST', `/api/strategy/${strategyId}/backtest`, { token, json: request({ timeframe: '7m' }) });
    expect(timeframe.status).toBe(422);
    const other = (await ts.createUser('other@bazaar.test')).token;
    expect((await ts.call('POST', `/api/strategy/${strategyId}/backtest`, { token: other, json: request() })).status).toBe(404);
    const builtin = (await ts.call('GET', '/api/strategy/?limit=50', { token })).body.data.find((s: { owner_id: number | null }) => s.owner_id === null);
    expect((await ts.call('POST', `/api/strategy/${builtin.id}/backtest`, { token, json: request() })).status).toBe(200);
  });
});
