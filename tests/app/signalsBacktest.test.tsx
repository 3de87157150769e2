import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BacktestPage from '../../src/views/pages/BacktestPage';
import { ApiError } from '../../src/services/apiErrors';
import { backtestResult, createServer, renderSignals, stopSignalsSystems, T0, taskInfo, USER } from './support/signalsHarness';

const page = <Route path="/backtest" element={<BacktestPage />} />;
const APP = '/api/ws/app';
const taskFrame = (task: ReturnType<typeof taskInfo>) => ({ _type: 'task', params: { task_id: task.id, name: task.name }, data: task });

async function fillAndRun() {
  const form = await screen.findByRole('form', { name: 'تنظیم آزمون' });
  await waitFor(() => expect((within(form).getByRole('combobox', { name: 'استراتژی' }) as HTMLSelectElement).value).toBe('7'));
  const box = within(form).getByRole('combobox', { name: 'افزودن نماد' });
  fireEvent.change(box, { target: { value: 'بیت' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: /بیت‌کوین/ }), { button: 0 });
  await within(form).findByText('بیت‌کوین');
  fireEvent.change(within(form).getByLabelText('از'), { target: { value: '2025-12-01' } });
  fireEvent.change(within(form).getByLabelText('تا (خودِ آن روز هم)'), { target: { value: '2025-12-31' } });
  fireEvent.change(within(form).getByLabelText(/کارمزد/), { target: { value: '0.1' } });
  fireEvent.click(within(form).getByRole('button', { name: 'اجرای بک‌تست' }));
  return form;
}

describe('the backtest screen', () => {
  afterEach(() => {
    vi.useRealTimers();
    stopSignalsSystems();
  });

  it('asks /task/state when no task frame comes (an admin), and loads the result with get_result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = createServer();
    const { api } = renderSignals(page, { path: '/backtest?strategy=7', server, user: { ...USER, is_superuser: true } });
    await fillAndRun();
    await waitFor(() => expect(api.calls.some((c) => c.id === 'strategy.backtest')).toBe(true));
    server.state.task = taskInfo('PROGRESS', T0 + 1000, { progress: { current: 3, total: 4, message: null } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75'));
    server.state.task = taskInfo('SUCCESS', T0 + 2000, { has_result: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    await screen.findByTestId('backtest-result');
    const polls = api.calls.filter((c) => c.id === 'tasks.state').map((c) => c.input.query);
    expect(polls).toEqual([{ task_id: 'task-1' }, { task_id: 'task-1' }, { task_id: 'task-1', get_result: true }]);
  });

  it('starts a run, follows its progress from task frames, then shows the result and keeps it for comparison', async () => {
    const { api, sockets } = renderSignals(page, { path: '/backtest?strategy=7' });
    await waitFor(() => expect(sockets.open.has(APP)).toBe(true));
    await fillAndRun();
    await waitFor(() => expect(api.calls.some((c) => c.id === 'strategy.backtest')).toBe(true));
    expect(api.calls.find((c) => c.id === 'strategy.backtest')!.input).toEqual({
      params: { strategyId: 7 },
      body: { market: 'crypto', symbols: ['BTCUSDT'], timeframe: '1h', from: Date.UTC(2025, 11, 1), to: Date.UTC(2026, 0, 1), initial_balance: '10000', fee_rate: 0.001, position_size: 1 },
    });

    sockets.push(APP, taskFrame(taskInfo('PROGRESS', T0 + 1000, { progress: { current: 40, total: 100, message: 'BTCUSDT' } })));
    const bar = await screen.findByRole('progressbar', { name: 'پیشرفت بک‌تست' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByTestId('backtest-progress').textContent).toContain('۴۰ / ۱۰۰ — BTCUSDT');

    // Finished with its result in the frame.
    sockets.push(APP, taskFrame(taskInfo('SUCCESS', T0 + 2000, { has_result: true, result: backtestResult(), progress: { current: 100, total: 100, message: null } })));
    const result = await screen.findByTestId('backtest-result');
    const metric = (key: string) => within(result).getByTestId('metrics').querySelector(`[data-metric="${key}"] dd`)!.textContent;
    expect(metric('totalReturn')).toBe('۱۲٫۵٪');
    expect(metric('buyAndHold')).toBe('۵٫۰٪');
    expect(metric('trades')).toBe('۲');
    expect(within(result).getAllByTestId('trade')).toHaveLength(2);
    expect(within(result).getByTestId('monthly-returns').textContent).toContain('۱۲٫۵٪');
    expect(within(result).getByTestId('equity-chart').getAttribute('aria-label')).toBe('دارایی در برابر خرید و نگهداری');
    expect(within(result).getByTestId('drawdown-chart')).toBeTruthy();
    await waitFor(() => expect(within(result).getByTestId('candles-chart').getAttribute('aria-label')).toBe('شمع‌های BTCUSDT با ۲ معامله'));

    // Kept in this browser for comparison.
    await waitFor(() => expect(screen.getAllByTestId('saved-run')).toHaveLength(1));
    const stored = JSON.parse(localStorage.getItem('ui.backtest.runs') ?? '[]');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: 'task-1', strategyName: 'EMA cross', symbols: ['BTCUSDT'], metrics: { total_return: 0.125 } });
  });

  it('says why a run failed: the task’s own error (a range without data); a user never asks /task/state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sockets, api } = renderSignals(page, { path: '/backtest?strategy=7' });
    await fillAndRun();
    await waitFor(() => expect(api.calls.some((c) => c.id === 'strategy.backtest')).toBe(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(api.calls.some((c) => c.id === 'tasks.state')).toBe(false);
    sockets.push(APP, taskFrame(taskInfo('STARTED', T0 + 500)));
    sockets.push(APP, taskFrame(taskInfo('FAILURE', T0 + 1000, { error: { type: 'NoData', message: 'No candles of BTCUSDT 1h in that range' } })));
    expect((await screen.findByTestId('backtest-error')).textContent).toBe('بک‌تست ناموفق بود: No candles of BTCUSDT 1h in that range');
  });

  it('checks the form before asking, and shows the server’s 422 beside the field', async () => {
    const server = createServer();
    const { api } = renderSignals(page, { path: '/backtest', server });
    const form = await screen.findByRole('form', { name: 'تنظیم آزمون' });
    fireEvent.click(within(form).getByRole('button', { name: 'اجرای بک‌تست' }));
    expect(await within(form).findByText('استراتژی را برگزینید.')).toBeTruthy();
    expect(within(form).getByText('دست‌کم یک نماد بیفزایید.')).toBeTruthy();
    expect(api.calls.some((c) => c.id === 'strategy.backtest')).toBe(false);

    await waitFor(() => expect(within(form).getAllByRole('option', { name: /EMA cross/ }).length).toBe(1));
    fireEvent.change(within(form).getByRole('combobox', { name: 'استراتژی' }), { target: { value: '7' } });
    server.state.failNext['strategy.backtest'] = new ApiError('HTTP_ERROR', 422, { detail: [{ loc: ['body', 'symbols', 0], msg: 'unknown symbol "BTCUSDT" in crypto', type: 'value_error' }] }, 'x');
    await fillAndRun();
    expect(await within(form).findByText('unknown symbol "BTCUSDT" in crypto')).toBeTruthy();
    expect(screen.queryByTestId('backtest-error')).toBeNull();
  });

  it('compares with runs kept from before, and forgets one', async () => {
    const run = { id: 'old', savedAt: 1, strategyId: 8, strategyName: 'RSI reversion', strategyVersion: 1, market: 'crypto', symbols: ['ETHUSDT'], timeframe: '4h', from: T0 - 86_400_000 * 60, to: T0, metrics: backtestResult().metrics, curve: [[T0 - 1000, 0], [T0, 0.1]] };
    localStorage.setItem('ui.backtest.runs', JSON.stringify([run]));
    renderSignals(page, { path: '/backtest' });
    const row = await screen.findByTestId('saved-run');
    expect(row.textContent).toContain('RSI reversion');
    expect(row.textContent).toContain('۱۲٫۵٪');
    fireEvent.click(within(row).getByRole('button', { name: 'فراموش کن' }));
    await waitFor(() => expect(screen.queryByTestId('saved-run')).toBeNull());
    expect(JSON.parse(localStorage.getItem('ui.backtest.runs')!)).toEqual([]);
  });
});
