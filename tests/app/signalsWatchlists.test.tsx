import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import WatchlistsPage from '../../src/views/pages/WatchlistsPage';
import { createServer, renderSignals, stopSignalsSystems } from './support/signalsHarness';

const page = <Route path="/watchlists" element={<WatchlistsPage />} />;
const tree = () => screen.getByTestId('group-tree');
const symbolsShown = () => screen.queryAllByTestId('group-symbol').map((row) => row.getAttribute('data-symbol'));

async function pick(searchText: string, optionName: RegExp) {
  const box = screen.getByRole('combobox', { name: 'افزودن نماد' });
  fireEvent.change(box, { target: { value: searchText } });
  // Headless UI picks an option on the primary button's press, as a mouse does.
  fireEvent.mouseDown(await screen.findByRole('option', { name: optionName }), { button: 0 });
}

describe('the watchlists screen', () => {
  afterEach(() => stopSignalsSystems());

  it('creates a group, finds symbols by Persian name and code, orders and removes them, with live prices', async () => {
    const server = createServer();
    // The list answers after the creation does, as over a real network: the new group stays chosen.
    server.state.latency['relations.listGroups'] = 40;
    const { api, sockets } = renderSignals(page, { path: '/watchlists', server });
    await screen.findByText('نخستین دیده‌بان خود را بسازید');

    fireEvent.change(screen.getByLabelText('نام'), { target: { value: 'رمزارزهای اصلی' } });
    fireEvent.click(screen.getByRole('button', { name: 'ساختن' }));
    await waitFor(() => expect(within(tree()).getByRole('treeitem', { selected: true }).textContent).toContain('رمزارزهای اصلی'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByTestId('where').textContent).toMatch(/\?group=100$/);
    expect(api.calls.find((c) => c.id === 'relations.createGroup')!.input.body).toEqual({ name: 'رمزارزهای اصلی', node_id: null });

    // By the Persian title typed with an Arabic yeh, then by the Latin code.
    await pick('اتري', /اتریوم/);
    await waitFor(() => expect(symbolsShown()).toEqual(['ETHUSDT']));
    await pick('btc', /بیت‌کوین/);
    await waitFor(() => expect(symbolsShown()).toEqual(['ETHUSDT', 'BTCUSDT']));
    // A symbol already in the list is no longer offered.
    fireEvent.change(screen.getByRole('combobox', { name: 'افزودن نماد' }), { target: { value: 'اتریوم' } });
    await screen.findByText('نمادی پیدا نشد.');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'افزودن نماد' }), { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'بردن BTCUSDT به بالا' }));
    await waitFor(() => expect(symbolsShown()).toEqual(['BTCUSDT', 'ETHUSDT']));
    expect(api.calls.find((c) => c.id === 'relations.updateGroupSymbols')!.input).toEqual({
      query: { group_id: 100 },
      body: { symbols: [{ market: 'crypto', symbol: 'BTCUSDT' }, { market: 'crypto', symbol: 'ETHUSDT' }] },
    });

    // Live prices of the group's market, in Persian digits.
    await waitFor(() => expect(sockets.open.has('/api/ws/market/crypto/live_price')).toBe(true));
    const snap = (symbol: string, price: number, change: number) => ({ symbol, price, timestamp: 1, open_24h: price, change_24h_pct: change, high_24h: price, low_24h: price, volume_24h: 1, candle: { open_time: 0, open: price, high: price, low: price, close: price, volume: 1 }, sparkline: [] });
    sockets.push('/api/ws/market/crypto/live_price', { _type: 'snapshot', params: { market: 'crypto', source: 'simulated', timestamp: 1 }, data: [snap('BTCUSDT', 65000.5, 2.5), snap('ETHUSDT', 3200, -1)] });
    const btc = screen.getAllByTestId('group-symbol')[0]!;
    await waitFor(() => expect(within(btc).getByTestId('price').textContent).toBe('۶۵٬۰۰۰٫۵۰'));
    expect(within(btc).getByTestId('change').className).toContain('emerald');

    fireEvent.click(screen.getByRole('button', { name: 'برداشتن ETHUSDT' }));
    await waitFor(() => expect(symbolsShown()).toEqual(['BTCUSDT']));
    expect(api.calls.find((c) => c.id === 'relations.deleteGroupSymbols')!.input.query).toEqual({ group_id: 100, market: 'crypto', symbols: 'ETHUSDT' });
    expect(server.state.groups[0]!.symbols!.map((s) => s.symbol)).toEqual(['BTCUSDT']);
  });

  it('nests, renames, moves and deletes groups; a group cannot move under itself', async () => {
    const server = createServer();
    server.state.groups.push(
      { id: 1, name: 'رمزارز', node_id: null, position: 0, symbol_count: 0, symbols: [], created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' },
      { id: 2, name: 'بورس', node_id: null, position: 1, symbol_count: 0, symbols: [], created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' },
      { id: 3, name: 'لایه یک', node_id: 1, position: 0, symbol_count: 0, symbols: [], created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' },
    );
    const { api } = renderSignals(page, { path: '/watchlists', server });
    const items = async () => (await within(await screen.findByTestId('group-tree')).findAllByRole('treeitem')).map((i) => `${i.getAttribute('aria-level')}:${i.getAttribute('data-group')}`);
    expect(await items()).toEqual(['1:رمزارز', '2:لایه یک', '1:بورس']);

    fireEvent.click(within(tree()).getByRole('button', { name: /رمزارز/ }));
    const settings = await screen.findByRole('form', { name: 'تنظیمات گروه' });
    // It may not go under itself or its child.
    const parents = within(settings).getByRole('combobox', { name: 'درون' });
    expect(within(parents).queryByRole('option', { name: /لایه یک/ })).toBeNull();
    expect(within(parents).getByRole('option', { name: /بورس/ })).toBeTruthy();

    fireEvent.change(within(settings).getByLabelText('نام'), { target: { value: 'رمزارزها' } });
    fireEvent.change(parents, { target: { value: '2' } });
    fireEvent.click(within(settings).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(api.calls.find((c) => c.id === 'relations.updateGroup')?.input.body).toEqual({ id: 1, name: 'رمزارزها', node_id: 2 }));
    await waitFor(async () => expect(await items()).toEqual(['1:بورس', '2:رمزارزها', '3:لایه یک']));

    // Deleting asks once more; with "also the groups inside" the children go too.
    const fresh = await screen.findByRole('form', { name: 'تنظیمات گروه' });
    fireEvent.click(within(fresh).getByRole('checkbox', { name: 'گروه‌های درون آن هم حذف شوند' }));
    fireEvent.click(within(fresh).getByRole('button', { name: 'حذف گروه' }));
    fireEvent.click(within(fresh).getByRole('button', { name: 'حذف برای همیشه' }));
    await waitFor(() => expect(api.calls.find((c) => c.id === 'relations.deleteGroup')?.input.query).toEqual({ group_id: 1, recursive: true }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/watchlists'));
  });
});
