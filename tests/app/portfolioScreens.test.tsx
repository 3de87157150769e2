import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Holding } from '../../contract/portfolio/ledger';
import type { PortfolioDetail } from '../../contract/portfolio/portfolios';
import { installPortfolioLive } from '../../src/actors/portfolioLive';
import { ApiError } from '../../src/services/apiErrors';
import PortfolioPage from '../../src/views/pages/PortfolioPage';
import PortfoliosPage from '../../src/views/pages/PortfoliosPage';
import { createServer, MARKETS, NOW, renderSignals, stopSignalsSystems } from './support/signalsHarness';

afterEach(stopSignalsSystems);

const summary = (value: string) => ({ total_value: value, cost_basis: '1000', unrealized_pnl: '0', day_change_value: '25', day_change_pct: '2.5', holdings_count: 1, open_orders_count: 0, pending_orders_count: 0, violations_count: 0, valued_at: 1 });
const detail = (value: string): PortfolioDetail => ({ id: 5, owner_id: 1, name: 'Paper', description: null, market: 'crypto', currency: 20, status: 10, account_type: 10, broker_id: null, created_at: NOW, updated_at: NOW, summary: summary(value) });
const holding = (total: string): Holding => ({ id: 1, portfolio_id: 5, symbol: 'USDT', free: total, locked: '0', total, cost_basis: total, price: '1', value: total, transaction_id: 1, order_id: null, timestamp: 1, market_price: '1', market_value: total, unrealized_pnl: '0', allocation_pct: '100', priced_at: 1 });

function portfolioServer() {
  const server = createServer();
  const held = { total: '1000' };
  Object.assign(server.routes, {
    'market.listMarkets': () => ({ data: MARKETS, count: MARKETS.length }),
    'portfolio.list': () => ({ data: [detail(held.total)], count: 1 }),
    'portfolio.get': () => detail(held.total),
    'portfolio-manager.readAllLastBalances': () => ({ portfolio_id: 5, currency: 20, timestamp: 1, data: [holding(held.total)], total_value: held.total, total_cost_basis: held.total }),
    'portfolio-manager.readBalanceHistory': () => ({ portfolio_id: 5, symbol: null, currency: 20, timeframe: '1d', points: [] }),
    'portfolio-manager.readBalance': () => ({ data: [], count: 0 }),
    'portfolio-manager.setNewBalance': () => {
      throw new ApiError('HTTP_ERROR', 409, { detail: 'only 1000 USDT is free' }, 'only 1000 USDT is free');
    },
  });
  return { server, held };
}

describe('portfolio screens', () => {
  it('lists portfolios with value and day change in English digits', async () => {
    const { server } = portfolioServer();
    renderSignals(<Route path="/portfolios" element={<PortfoliosPage />} />, { path: '/portfolios', server, language: 'en-US' });
    const card = await screen.findByTestId('portfolio-5');
    expect(within(card).getByTestId('portfolio-value').textContent).toBe('$1,000.00');
    expect(card.textContent).toContain('+2.5%');
  });

  it('refetches balances when the portfolio socket pushes a balance change', async () => {
    const { server, held } = portfolioServer();
    const view = renderSignals(<Route path="/portfolios/:id" element={<PortfolioPage />} />, { path: '/portfolios/5', server, language: 'en-US' });
    installPortfolioLive(view.system, { transport: view.sockets.logic, origin: 'http://localhost' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Balances' }));
    expect((await screen.findByTestId('balance-USDT')).textContent).toContain('1,000');
    await waitFor(() => expect(screen.getByTestId('portfolio-live').dataset.status).toBe('live'));
    held.total = '1500';
    view.sockets.push('/api/ws/portfolio/5', { _type: 'balance', params: { portfolio_id: 5, symbols: ['USDT'] }, data: { transaction: null, balances: [{ ...holding('1500'), id: 2, timestamp: 2 }].map(({ market_price: _a, market_value: _b, unrealized_pnl: _c, allocation_pct: _d, priced_at: _e, ...b }) => b) } });
    await waitFor(() => expect(screen.getByTestId('balance-USDT').textContent).toContain('1,500'));
  });

  it('shows the overdraft (409) as what is free, in Persian', async () => {
    const { server } = portfolioServer();
    renderSignals(<Route path="/portfolios/:id" element={<PortfolioPage />} />, { path: '/portfolios/5', server });
    fireEvent.click(await screen.findByRole('tab', { name: 'تراکنش‌ها' }));
    const form = screen.getByRole('form', { name: 'ثبت تراکنش' });
    fireEvent.change(within(form).getByLabelText('نوع'), { target: { value: '20' } });
    fireEvent.change(within(form).getByLabelText('نماد'), { target: { value: 'USDT' } });
    fireEvent.change(within(form).getByLabelText('مقدار'), { target: { value: '5000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'ثبت تراکنش' }));
    expect((await screen.findByRole('alert')).textContent).toBe('موجودی آزاد کافی نیست: only 1000 USDT is free');
  });
});
