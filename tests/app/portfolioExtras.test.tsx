import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortfolioDetail } from '../../contract/portfolio/portfolios';
import type { Marker, Ruleset } from '../../contract/portfolio/rules';
import type { CallInput } from '../../src/services/apiClient';
import { ApiError } from '../../src/services/apiErrors';
import PortfolioPage from '../../src/views/pages/PortfolioPage';
import { createServer, MARKETS, NOW, renderSignals, stopSignalsSystems } from './support/signalsHarness';

afterEach(stopSignalsSystems);

const detail: PortfolioDetail = { id: 5, owner_id: 1, name: 'Paper', description: null, market: 'crypto', currency: 20, status: 10, account_type: 10, broker_id: null, created_at: NOW, updated_at: NOW, summary: null };
const body = (input: CallInput) => input.body as Record<string, any>;
const query = (input: CallInput) => input.query as Record<string, any>;

/** A fake server keeping tags, markers, settings and the ruleset the way the real rows do. */
function extrasServer() {
  const server = createServer();
  const state = {
    tags: new Map<string, string[]>([['BTCUSDT', ['long']]]),
    markers: [] as Marker[],
    settings: {} as Record<string, unknown>,
    ruleset: null as Ruleset | null,
    bodies: [] as Record<string, any>[],
    nextId: 1,
  };
  const tagsOf = (symbol: string) => ({ portfolio_id: 5, symbol, tags: state.tags.get(symbol) ?? [] });
  Object.assign(server.routes, {
    'market.listMarkets': () => ({ data: MARKETS, count: MARKETS.length }),
    'portfolio.get': () => detail,
    'portfolio-manager.readAllLastBalances': () => ({ portfolio_id: 5, currency: 20, timestamp: 1, data: [], total_value: '0', total_cost_basis: '0' }),
    'portfolio-manager.readBalanceHistory': () => ({ portfolio_id: 5, symbol: null, currency: 20, timeframe: '1d', points: [] }),
    'portfolio-manager.getAllSymbolsAndTags': () => ({ portfolio_id: 5, data: [...state.tags].filter(([, t]) => t.length).map(([symbol, tags]) => ({ symbol, tags })) }),
    'portfolio-manager.tagSymbol': (input: CallInput) => {
      const { symbol, tags } = body(input);
      state.tags.set(symbol, [...new Set([...(state.tags.get(symbol) ?? []), ...tags])]);
      return tagsOf(symbol);
    },
    'portfolio-manager.untagSymbol': (input: CallInput) => {
      const { symbol, tags } = body(input);
      state.tags.set(symbol, (state.tags.get(symbol) ?? []).filter((t) => !tags.includes(t)));
      return tagsOf(symbol);
    },
    'portfolio-manager.getPortfolioMarkers': () => ({ data: state.markers, count: state.markers.length }),
    'portfolio-manager.setSymbolMarker': (input: CallInput) => {
      const b = body(input);
      state.bodies.push(b);
      state.markers = [
        ...state.markers.filter((m) => m.symbol !== b.symbol),
        ...b.markers.map((m: any) => ({ id: m.id ?? state.nextId++, portfolio_id: 5, symbol: b.symbol, kind: m.kind, price: m.price ?? null, time: m.time ?? null, text: m.text ?? null, color: m.color ?? null, created_at: NOW, updated_at: NOW })),
      ];
      return { portfolio_id: 5, symbol: b.symbol, markers: state.markers.filter((m) => m.symbol === b.symbol) };
    },
    'portfolio-manager.getPortfolioSettings': () => ({ portfolio_id: 5, settings: state.settings }),
    'portfolio-manager.getSymbolSettings': () => ({ portfolio_id: 5, data: [] }),
    'portfolio-manager.setPortfolioSettings': (input: CallInput) => {
      Object.assign(state.settings, body(input).settings);
      return { portfolio_id: 5, settings: state.settings };
    },
    'portfolio-manager.removePortfolioSetting': (input: CallInput) => {
      const had = query(input).field in state.settings;
      delete state.settings[query(input).field];
      return { removed: had ? 1 : 0 };
    },
    'portfolio-manager.getRulesetStatus': () => ({
      portfolio_id: 5,
      ruleset: state.ruleset,
      violations: state.ruleset?.max_open_orders ? [{ rule: 'max_open_orders', action: 'refuse', symbol: null, limit: '1', actual: '2', message: '2 open orders, at most 1' }] : [],
      checked_at: 1,
    }),
    'portfolio-manager.setPortfolioRuleset': (input: CallInput) => {
      const b = body(input);
      state.bodies.push(b);
      if (b.take_profit_pct && Number(b.take_profit_pct.value) > 10_000) {
        throw new ApiError('HTTP_ERROR', 422, { detail: [{ loc: ['body', 'take_profit_pct', 'value'], msg: 'must be a percentage above 0 and at most 10000', type: 'value_error' }] }, 'Unprocessable');
      }
      state.ruleset = { portfolio_id: 5, max_position_pct: b.max_position_pct, stop_loss_pct: b.stop_loss_pct, take_profit_pct: b.take_profit_pct, max_open_orders: b.max_open_orders, allowed_symbols: b.allowed_symbols, updated_at: NOW };
      return state.ruleset;
    },
    'portfolio-manager.removePortfolioRuleset': () => {
      state.ruleset = null;
      return { removed: 1 };
    },
  });
  return { server, state };
}

async function openTab(name: string, language: 'en-US' | 'fa-IR' = 'en-US') {
  const { server, state } = extrasServer();
  renderSignals(<Route path="/portfolios/:id" element={<PortfolioPage />} />, { path: '/portfolios/5', server, language });
  fireEvent.click(await screen.findByRole('tab', { name }));
  return state;
}

describe('portfolio tags, markers, settings and rules', () => {
  it('tags a symbol with several comma-separated tags and removes one', async () => {
    const state = await openTab('Tags');
    expect(within(await screen.findByTestId('tags-BTCUSDT')).getByText('long')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add tag' });
    fireEvent.change(within(form).getByLabelText('Symbol'), { target: { value: 'ethusdt' } });
    fireEvent.change(within(form).getByLabelText('Tag'), { target: { value: 'swing، بلندمدت' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add tag' }));
    const row = await screen.findByTestId('tags-ETHUSDT');
    expect(within(row).getByText('swing')).toBeTruthy();
    expect(within(row).getByText('بلندمدت')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Remove swing' }));
    await waitFor(() => expect(within(screen.getByTestId('tags-ETHUSDT')).queryByText('swing')).toBeNull());
    expect(state.tags.get('ETHUSDT')).toEqual(['بلندمدت']);
  });

  it('adds markers to a symbol, sending the ones it has back by id, and removes one', async () => {
    const state = await openTab('Markers');
    await screen.findByText('No markers on charts.');
    const form = screen.getByRole('form', { name: 'Add marker' });
    const add = (price: string, text: string) => {
      fireEvent.change(within(form).getByLabelText('Symbol'), { target: { value: 'BTCUSDT' } });
      fireEvent.change(within(form).getByLabelText('Price'), { target: { value: price } });
      fireEvent.change(within(form).getByLabelText('Text'), { target: { value: text } });
      fireEvent.click(within(form).getByRole('button', { name: 'Add marker' }));
    };
    add('65000', 'support');
    await screen.findByTestId('marker-1');
    add('70000', 'resistance');
    await screen.findByTestId('marker-2');
    expect(state.bodies[1]!.markers).toEqual([
      { id: 1, kind: 'price_line', price: '65000', text: 'support', color: '#1e88e5' },
      { kind: 'price_line', price: '70000', text: 'resistance', color: '#1e88e5' },
    ]);
    expect(screen.getByRole('link', { name: 'BTCUSDT chart' }).getAttribute('href')).toBe('/markets/crypto/BTCUSDT');
    fireEvent.click(within(screen.getByTestId('marker-1')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('marker-1')).toBeNull());
    expect(state.bodies[2]!.markers).toEqual([{ id: 2, kind: 'price_line', price: '70000', text: 'resistance', color: '#1e88e5' }]);
  });

  it('refuses a setting value that is not JSON, then saves and removes one', async () => {
    const state = await openTab('Settings');
    const form = await screen.findByRole('form', { name: 'Add' });
    fireEvent.change(within(form).getByLabelText('Key'), { target: { value: 'chart.default_timeframe' } });
    fireEvent.change(within(form).getByLabelText('Value (JSON)'), { target: { value: '1h' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Not valid JSON');
    fireEvent.change(within(form).getByLabelText('Value (JSON)'), { target: { value: '"1h"' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    const list = await screen.findByTestId('settings-portfolio');
    expect(list.textContent).toContain('chart.default_timeframe');
    expect(list.textContent).toContain('"1h"');
    fireEvent.click(within(list).getByRole('button', { name: 'Remove chart.default_timeframe' }));
    await waitFor(() => expect(screen.queryByTestId('settings-portfolio')).toBeNull());
    expect(state.settings).toEqual({});
  });

  it('edits the ruleset: rules off are sent as null, a 422 shows at its field, and the live status follows', async () => {
    const state = await openTab('Rules');
    const editor = await screen.findByRole('form', { name: 'Edit rules' });
    expect(within(editor).getByRole('button', { name: 'Save rules' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(editor).getByLabelText('Most open orders'));
    fireEvent.change(within(editor).getByLabelText('Most open orders — Value'), { target: { value: '1' } });
    fireEvent.click(within(editor).getByLabelText('Take profit (%)'));
    fireEvent.change(within(editor).getByLabelText('Take profit (%) — Value'), { target: { value: '20000' } });
    fireEvent.change(within(editor).getByLabelText('Take profit (%) — When broken'), { target: { value: 'flag' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save rules' }));
    expect((await within(editor).findByTestId('field-error')).textContent).toBe('must be a percentage above 0 and at most 10000');
    expect(state.bodies[0]).toEqual({ portfolio_id: 5, max_position_pct: null, stop_loss_pct: null, take_profit_pct: { value: '20000', action: 'flag' }, max_open_orders: { value: 1, action: 'refuse' }, allowed_symbols: null });
    fireEvent.change(within(editor).getByLabelText('Take profit (%) — Value'), { target: { value: '50' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save rules' }));
    const status = screen.getByTestId('rule-status');
    await waitFor(() => expect(status.textContent).toContain('2 open or pending orders, above the limit of 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove all rules' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Remove all rules' })).getByRole('button', { name: 'Remove all rules' }));
    await waitFor(() => expect(within(screen.getByTestId('rule-status')).getByText('No rule is broken.')).toBeTruthy());
    expect(state.ruleset).toBeNull();
    expect((screen.getByLabelText('Most open orders') as HTMLInputElement).checked).toBe(false);
  });

  it('shows the tabs and the rules editor in Persian', async () => {
    await openTab('قوانین', 'fa-IR');
    expect(await screen.findByRole('form', { name: 'ویرایش قوانین' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'برچسب‌ها' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'نشانه‌ها' })).toBeTruthy();
  });
});
