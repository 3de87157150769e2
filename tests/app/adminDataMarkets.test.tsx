import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import AdminMarketsPage from '../../src/views/pages/AdminMarketsPage';
import { ADMIN, adminDataServer } from './support/adminDataHarness';
import { renderSignals, stopSignalsSystems, USER } from './support/signalsHarness';

afterEach(stopSignalsSystems);

function renderMarkets(path = '/admin/markets') {
  const { server, store } = adminDataServer();
  const view = renderSignals(
    <>
      <Route path="/admin/markets" element={<AdminMarketsPage />} />
      <Route path="/admin/tasks" element={<p>tasks panel</p>} />
    </>,
    { path, server, language: 'en-US', user: ADMIN as typeof USER },
  );
  return { ...view, store };
}
const callsOf = (view: ReturnType<typeof renderMarkets>, id: string) => view.api.calls.filter((c) => c.id === id).map((c) => c.input);

describe('market administration', () => {
  it('edits a setting as JSON, refusing text that is not JSON', async () => {
    const view = renderMarkets();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit fee_rate' }));
    const form = screen.getByRole('form', { name: 'Edit fee_rate' });
    const value = within(form).getByLabelText('Value (JSON)') as HTMLTextAreaElement;
    expect(value.value).toBe('0.001');
    fireEvent.change(value, { target: { value: '{"maker": 0.001,' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByTestId('field-error').textContent).toBe('This is not valid JSON');
    expect(callsOf(view, 'market.setSetting')).toEqual([]);

    fireEvent.change(value, { target: { value: '{"maker": 0.001, "taker": 0.002}' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(screen.getByTestId('setting-fee_rate')).getByText('{"maker":0.001,"taker":0.002}')).toBeTruthy());
    expect(callsOf(view, 'market.setSetting')).toEqual([{ params: { name: 'fee_rate' }, body: { market: 'crypto', value: { maker: 0.001, taker: 0.002 } } }]);
  });

  it('adds a new setting only under a valid name', async () => {
    const view = renderMarkets();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a setting' }));
    const form = screen.getByRole('form', { name: 'Add a setting' });
    fireEvent.change(within(form).getByLabelText('Setting name'), { target: { value: 'Max Orders' } });
    fireEvent.change(within(form).getByLabelText('Value (JSON)'), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByTestId('field-error').textContent).toContain('lower-case');
    fireEvent.change(within(form).getByLabelText('Setting name'), { target: { value: 'max_orders' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('setting-max_orders')).toBeTruthy();
    expect(view.store.settings.crypto!.max_orders).toBe(50);
  });

  it('deactivates a symbol with its switch and edits its titles in place', async () => {
    const view = renderMarkets();
    const active = await screen.findByRole('switch', { name: 'BTCUSDT active' });
    expect(active.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(active);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'BTCUSDT active' }).getAttribute('aria-checked')).toBe('false'));
    const btcId = view.store.symbols.find((s) => s.name === 'BTCUSDT')!.id;
    expect(callsOf(view, 'market.updateListItem')).toEqual([{ params: { name: 'symbols', id: btcId }, body: { is_active: false } }]);

    const save = screen.getByRole('button', { name: 'Save the titles of ETHUSDT' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('English title of ETHUSDT'), { target: { value: 'Ether' } });
    fireEvent.click(save);
    await waitFor(() => expect(view.store.symbols.find((s) => s.name === 'ETHUSDT')!.title).toEqual({ fa: 'اتریوم', en: 'Ether' }));
    expect(callsOf(view, 'market.updateListItem').at(-1)!.body).toEqual({ title: { fa: 'اتریوم', en: 'Ether' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save the titles of ETHUSDT' })).toHaveProperty('disabled', true));
  });

  it('searches the symbols on the server', async () => {
    const view = renderMarkets();
    await screen.findByTestId('symbol-row-BTCUSDT');
    fireEvent.change(screen.getByLabelText('Search symbols'), { target: { value: 'sol' } });
    await waitFor(() => expect(screen.queryByTestId('symbol-row-BTCUSDT')).toBeNull());
    expect(screen.getByTestId('symbol-row-SOLUSDT')).toBeTruthy();
    expect(callsOf(view, 'market.getList').some((c) => c.query?.search === 'sol' && c.query.skip === 0)).toBe(true);
  });

  it('adds a symbol, back-fills it with init_new_symbol and links the task', async () => {
    const view = renderMarkets();
    const form = await screen.findByRole('form', { name: 'Add a new symbol' });
    fireEvent.change(within(form).getByLabelText('Symbol name'), { target: { value: 'ADAUSDT' } });
    fireEvent.change(within(form).getByLabelText('Persian title'), { target: { value: 'کاردانو' } });
    fireEvent.change(within(form).getByLabelText('English title'), { target: { value: 'Cardano' } });
    fireEvent.change(within(form).getByLabelText('Main asset'), { target: { value: 'ADA' } });
    fireEvent.change(within(form).getByLabelText('Quote currency'), { target: { value: 'USDT' } });
    fireEvent.change(within(form).getByLabelText('Data source'), { target: { value: 'simulated' } });
    fireEvent.change(within(form).getByLabelText('Days back'), { target: { value: '90' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add symbol' }));
    const link = await within(form).findByTestId('task-link');
    expect(link.getAttribute('href')).toBe('/admin/tasks?task=task-42');
    expect(callsOf(view, 'market.createListItem')).toEqual([
      { params: { name: 'symbols' }, body: { market: 'crypto', name: 'ADAUSDT', title: { fa: 'کاردانو', en: 'Cardano' }, main_symbol: 'ADA', quote_symbol: 'USDT' } },
    ]);
    expect(callsOf(view, 'market.initNewSymbol')).toEqual([{ params: { market: 'crypto' }, body: { symbol: 'ADAUSDT', backfill_days: 90, source: 'simulated' } }]);
    expect(await screen.findByTestId('symbol-row-ADAUSDT')).toBeTruthy();
    fireEvent.click(link);
    expect(screen.getByText('tasks panel')).toBeTruthy();
  });

  it('says why a symbol was not added and starts nothing', async () => {
    const view = renderMarkets();
    const form = await screen.findByRole('form', { name: 'Add a new symbol' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add symbol' }));
    expect(within(form).getAllByTestId('field-error').length).toBeGreaterThan(0);
    fireEvent.change(within(form).getByLabelText('Symbol name'), { target: { value: 'BTCUSDT' } });
    for (const [label, value] of [['Persian title', 'بیت'], ['English title', 'Bit'], ['Main asset', 'BTC'], ['Quote currency', 'USDT']]) {
      fireEvent.change(within(form).getByLabelText(label!), { target: { value } });
    }
    fireEvent.click(within(form).getByRole('button', { name: 'Add symbol' }));
    expect(await within(form).findByText('A symbol named BTCUSDT already exists in crypto')).toBeTruthy();
    expect(callsOf(view, 'market.initNewSymbol')).toEqual([]);
  });

  it('starts a data update with the chosen type, timeframes, symbols and source', async () => {
    const view = renderMarkets();
    const form = await screen.findByRole('form', { name: 'Data update' });
    fireEvent.change(within(form).getByLabelText('Update type'), { target: { value: 'gaps' } });
    const frames = within(form).getByRole('group', { name: 'Timeframes' });
    fireEvent.click(within(frames).getByRole('button', { name: '1h' }));
    fireEvent.click(within(frames).getByRole('button', { name: '5m' }));
    fireEvent.click(within(frames).getByRole('button', { name: '4h' }));
    fireEvent.click(within(frames).getByRole('button', { name: '4h' }));
    expect(within(frames).getByRole('button', { name: '1h' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(within(form).getByLabelText('Symbols (optional)'), { target: { value: 'BTCUSDT, ETHUSDT BTCUSDT' } });
    fireEvent.change(within(form).getByLabelText('Data source'), { target: { value: 'simulated' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start update' }));
    expect((await within(form).findByTestId('task-link')).getAttribute('href')).toBe('/admin/tasks?task=task-43');
    expect(callsOf(view, 'market.dataUpdate')).toEqual([
      { params: { market: 'crypto' }, body: { data_type: 'gaps', source: 'simulated', timeframes: ['5m', '1h'], symbols: ['BTCUSDT', 'ETHUSDT'] } },
    ]);
  });

  it('sends only the type when nothing else is chosen, for the market in the address', async () => {
    const view = renderMarkets('/admin/markets?market=tse');
    const form = await screen.findByRole('form', { name: 'Data update' });
    expect((screen.getByLabelText('Market') as HTMLSelectElement).value).toBe('tse');
    fireEvent.click(within(form).getByRole('button', { name: 'Start update' }));
    await within(form).findByTestId('task-link');
    expect(callsOf(view, 'market.dataUpdate')).toEqual([{ params: { market: 'tse' }, body: { data_type: 'klines' } }]);
    expect(callsOf(view, 'market.getSettings')[0]).toEqual({ query: { market: 'tse' } });
  });
});
