import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionWithLinks } from '../../contract/signals/relations';
import type { Signal } from '../../contract/signals/scores';
import SignalsPage from '../../src/views/pages/SignalsPage';
import NewestSignals from '../../src/views/signals/NewestSignals';
import { createServer, NOW, renderSignals, score, stopSignalsSystems, T0 } from './support/signalsHarness';

const HOUR = 3_600_000;
const APP = '/api/ws/app';

function subscription(id: number, name: string, listing_level: number, timeframe: '1h' | '4h' = '1h'): SubscriptionWithLinks {
  return { id, name, listing_level, confirmation_mode: 20, is_active: true, strategy_id: 7, strategy_name: 'EMA cross', timeframe, group_ids: [1], last_scored_at: null, created_at: NOW, updated_at: NOW, links: [] };
}

function serverWithScores() {
  const server = createServer();
  server.state.subscriptions.push(subscription(1, 'روند ساعتی', 50), subscription(2, 'بازگشت چهارساعته', 30, '4h'));
  server.state.scores.push(score(1, 'BTCUSDT', 60), score(1, 'ETHUSDT', -20), score(2, 'BTCUSDT', 35), score(2, 'SOLUSDT', -80));
  return server;
}

const cell = (symbol: string, subscriptionId: number) => document.querySelector(`[data-testid="heat-cell"][data-symbol="${symbol}"][data-subscription="${subscriptionId}"]`) as HTMLElement | null;
const ranked = () => screen.queryAllByTestId('ranked-row').map((row) => `${row.getAttribute('data-subscription')}:${row.getAttribute('data-symbol')}`);
const frame = (subscriptionId: number, scores: ReturnType<typeof score>[], signals: Signal[] = []) => ({ _type: 'score', params: { subscription_id: subscriptionId, market: 'crypto' }, data: { scores, signals } });

function buySignal(symbol: string, timestamp: number): Signal {
  return { id: 501, subscription_id: 1, strategy_id: 7, strategy_version: 1, market: 'crypto', symbol, timeframe: '1h', side: 'buy', score: 90, level: 50, price: '66000', timestamp, notification_id: 9, orders: [], created_at: NOW };
}

describe('the signals board', () => {
  afterEach(() => {
    vi.useRealTimers();
    stopSignalsSystems();
  });

  it('shows the latest scores as a heatmap (red to green, Persian digits) and a ranked list at each subscription’s level', async () => {
    renderSignals(<Route path="/signals" element={<SignalsPage />} />, { path: '/signals', server: serverWithScores() });
    await waitFor(() => expect(cell('BTCUSDT', 1)).not.toBeNull());
    expect(screen.getAllByTestId('heat-row').map((r) => r.getAttribute('data-symbol'))).toEqual(['SOLUSDT', 'BTCUSDT', 'ETHUSDT']);
    // The sign is always written (after a left-to-right mark, so it stays on the number's left).
    expect(cell('BTCUSDT', 1)!.textContent).toBe('\u200e+۶۰');
    expect(cell('BTCUSDT', 1)!.className).toContain('emerald');
    expect(cell('SOLUSDT', 2)!.className).toContain('rose-700');
    // Symbol titles come from the market's list.
    expect(within(screen.getAllByTestId('heat-row')[1]!).getByText('بیت‌کوین')).toBeTruthy();
    // Listed: |score| at or above each subscription's own level (50 and 30).
    expect(ranked()).toEqual(['2:SOLUSDT', '1:BTCUSDT', '2:BTCUSDT']);
  });

  it('updates live from score frames on the app socket, and lists by a chosen level, side or search', async () => {
    const { sockets } = renderSignals(<Route path="/signals" element={<SignalsPage />} />, { path: '/signals', server: serverWithScores() });
    await waitFor(() => expect(cell('ETHUSDT', 1)).not.toBeNull());
    await waitFor(() => expect(screen.getByTestId('signals-live').getAttribute('data-status')).toBe('live'));

    // The total and one rule's score (the board shows totals only).
    sockets.push(APP, frame(1, [score(1, 'ETHUSDT', 75, T0 + HOUR), { ...score(1, 'ETHUSDT', -60, T0 + HOUR), score_type: 'trend_down' }]));
    await waitFor(() => expect(cell('ETHUSDT', 1)!.getAttribute('data-value')).toBe('75'));
    expect(cell('ETHUSDT', 1)!.className).toContain('emerald');
    expect(ranked()[0]).toBe('2:SOLUSDT');
    expect(ranked()).toContain('1:ETHUSDT');
    // A frame older than what is shown changes nothing.
    sockets.push(APP, frame(1, [score(1, 'ETHUSDT', -99, T0 - HOUR)]));
    expect(cell('ETHUSDT', 1)!.getAttribute('data-value')).toBe('75');

    // One level for all: 70 keeps only |score| ≥ 70.
    fireEvent.click(screen.getByRole('checkbox', { name: 'آستانهٔ خود هر اشتراک' }));
    fireEvent.change(screen.getByRole('slider', { name: 'آستانهٔ فهرست برای همهٔ اشتراک‌ها' }), { target: { value: '70' } });
    await waitFor(() => expect(ranked()).toEqual(['2:SOLUSDT', '1:ETHUSDT']));
    fireEvent.change(screen.getByRole('combobox', { name: 'جهت' }), { target: { value: 'buy' } });
    await waitFor(() => expect(ranked()).toEqual(['1:ETHUSDT']));
    fireEvent.change(screen.getByRole('combobox', { name: 'جهت' }), { target: { value: 'all' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'جستجو' }), { target: { value: 'سولا' } });
    await waitFor(() => expect(screen.getAllByTestId('heat-row').map((r) => r.getAttribute('data-symbol'))).toEqual(['SOLUSDT']));
  });

  it('opens the chart at the subscription’s timeframe from a cell or a listed row', async () => {
    renderSignals(<Route path="/signals" element={<SignalsPage />} />, { path: '/signals', server: serverWithScores() });
    await waitFor(() => expect(cell('SOLUSDT', 2)).not.toBeNull());
    fireEvent.click(cell('SOLUSDT', 2)!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/markets/crypto/SOLUSDT?tf=4h'));
    expect(screen.getByText('chart page')).toBeTruthy();
  });

  it('refetches the scores after the socket comes back from a drop', async () => {
    // The socket waits 5 s before reconnecting; the test moves the clock instead of waiting.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sockets, api } = renderSignals(<Route path="/signals" element={<SignalsPage />} />, { path: '/signals', server: serverWithScores() });
    await waitFor(() => expect(screen.getByTestId('signals-live').getAttribute('data-status')).toBe('live'));
    const reads = () => api.calls.filter((c) => c.id === 'portfolio-manager.readLastScores').length;
    const before = reads();
    sockets.drop(APP);
    await waitFor(() => expect(screen.getByTestId('signals-live').getAttribute('data-status')).toBe('stale'));
    expect(reads()).toBe(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    await waitFor(() => expect(screen.getByTestId('signals-live').getAttribute('data-status')).toBe('live'));
    await waitFor(() => expect(reads()).toBe(before + 1));
    vi.useRealTimers();
  });

  it('asks for a first subscription when there is none', async () => {
    renderSignals(<Route path="/signals" element={<SignalsPage />} />, { path: '/signals' });
    await screen.findByText('هنوز اشتراکی ندارید');
    expect(screen.getByRole('link', { name: 'اشتراک تازه' }).getAttribute('href')).toBe('/subscriptions/new');
  });

  it('reads left to right in English with Latin digits', async () => {
    renderSignals(<Route path="/signals" element={<SignalsPage />} />, { path: '/signals', server: serverWithScores(), language: 'en-US' });
    await screen.findByRole('heading', { name: 'Signals' });
    await waitFor(() => expect(cell('SOLUSDT', 2)?.textContent).toBe('-80'));
    expect(screen.getByText('Listed symbols')).toBeTruthy();
  });
});

describe('the dashboard’s newest signals', () => {
  afterEach(() => stopSignalsSystems());

  it('shows the newest listed scores and marks a live crossing', async () => {
    const { sockets } = renderSignals(<Route path="/" element={<NewestSignals />} />, { path: '/', server: serverWithScores() });
    await waitFor(() => expect(screen.getAllByTestId('newest-signal').length).toBe(3));
    await waitFor(() => expect(screen.getByTestId('signals-live').getAttribute('data-status')).toBe('live'));
    sockets.push(APP, frame(1, [score(1, 'ETHUSDT', 90, T0 + HOUR)], [buySignal('ETHUSDT', T0 + HOUR)]));
    await waitFor(() => expect(screen.getAllByTestId('newest-signal')[0]!.getAttribute('data-symbol')).toBe('ETHUSDT'));
    expect(within(screen.getAllByTestId('newest-signal')[0]!).getByText('خرید')).toBeTruthy();
    expect(within(screen.getAllByTestId('newest-signal')[0]!).getByTestId('score').getAttribute('data-value')).toBe('90');
  });
});
