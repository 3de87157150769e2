import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import AdminServicesPage from '../../src/views/pages/AdminServicesPage';
import { ADMIN, adminOpsServer, APP_SOCKET, feed, service } from './support/adminOpsHarness';
import { NOW, renderSignals, stopSignalsSystems } from './support/signalsHarness';

afterEach(() => {
  cleanup();
  stopSignalsSystems();
});

const later = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000).toISOString();
const engine = service('strategy-engine', {
  status: 'error', started_at: null, restart_count: 2, next_restart_at: later(30), last_error: { message: 'database is locked', at: NOW }, data: { subscriptions: 4, custom_gauge: { a: 1 } },
});

function renderServices(language: 'en-US' | 'fa-IR' = 'en-US') {
  const { server, store } = adminOpsServer({ services: [feed('crypto'), engine] });
  const view = renderSignals(<Route path="/admin/services" element={<AdminServicesPage />} />, { path: '/admin/services', server, language, user: ADMIN });
  return { ...view, store };
}
/** The app socket opens once the session is confirmed; frames can be pushed after that. */
const socketOpen = (view: ReturnType<typeof renderServices>) => waitFor(() => expect(view.sockets.open.has(APP_SOCKET)).toBe(true));
const card = (name: string) => screen.getByRole('article', { name });

describe('services panel', () => {
  it('shows one card per service with its status, uptime, last error and figures', async () => {
    const view = renderServices();
    const crypto = await screen.findByRole('article', { name: 'Market feed · crypto' });
    expect(view.api.calls.find((c) => c.id === 'services.list')?.input.query).toEqual({ include_service_data: true });
    expect(within(crypto).getByTestId('service-status-market-feed:crypto').textContent).toBe('Running');
    expect(within(crypto).getByText('Ticks per second')).toBeTruthy();
    expect(within(crypto).getByTestId('data-ticks_per_second').textContent).toBe('12.3');
    expect(within(crypto).getByTestId('data-subscribed').textContent).toBe('BTCUSDT, ETHUSDT');
    expect(within(crypto).getByText('Uptime')).toBeTruthy();
    expect(within(crypto).getByText('node-1 · 4242')).toBeTruthy();

    const strategy = card('Strategy engine');
    expect(within(strategy).getByTestId('service-status-strategy-engine').textContent).toBe('Error');
    expect(within(strategy).getByTestId('service-last-error').textContent).toContain('database is locked');
    expect(within(strategy).getByText('Next restart')).toBeTruthy();
    // An unknown figure is shown raw.
    expect(within(strategy).getByTestId('data-custom_gauge').textContent).toBe('{"a":1}');
    expect(within(strategy).queryByText('Uptime')).toBeNull();
  });

  it('follows service messages, keeping the figures a status-only message leaves out', async () => {
    const view = renderServices();
    await screen.findByRole('article', { name: 'Market feed · crypto' });
    await socketOpen(view);
    view.sockets.push(APP_SOCKET, { _type: 'service', params: { service_name: 'market-feed:crypto' }, data: { ...feed('crypto'), status: 'stopped', started_at: null, data: null, updated_at: later(5) } });
    const crypto = card('Market feed · crypto');
    expect(within(crypto).getByTestId('service-status-market-feed:crypto').textContent).toBe('Stopped');
    expect(within(crypto).getByTestId('data-ticks_per_second').textContent).toBe('12.3');
    expect(within(crypto).getByRole('button', { name: 'Stop' })).toHaveProperty('disabled', true);
    // An older frame arriving late changes nothing.
    view.sockets.push(APP_SOCKET, { _type: 'service', params: { service_name: 'market-feed:crypto' }, data: { ...feed('crypto'), status: 'running', updated_at: later(1) } });
    expect(within(crypto).getByTestId('service-status-market-feed:crypto').textContent).toBe('Stopped');
  });

  it('asks before a restart, sends it, and updates the card from the answer', async () => {
    const view = renderServices();
    await screen.findByRole('article', { name: 'Market feed · crypto' });
    fireEvent.click(within(card('Strategy engine')).getByRole('button', { name: 'Restart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart · Strategy engine' });
    expect(view.api.calls.filter((c) => c.id === 'services.sendCommand')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, Restart' }));
    await waitFor(() => expect(within(card('Strategy engine')).getByTestId('service-status-strategy-engine').textContent).toBe('Running'));
    expect(view.api.calls.find((c) => c.id === 'services.sendCommand')?.input).toEqual({ query: { service_name: 'strategy-engine', command: 'restart' }, body: {} });
    expect(within(card('Strategy engine')).getByTestId('service-notice').textContent).toBe('“Restart” reached “Strategy engine”; it is now Running.');
  });

  it('asks for the symbol of a subscribe, and a start goes at once', async () => {
    const view = renderServices();
    await screen.findByRole('article', { name: 'Market feed · crypto' });
    fireEvent.click(within(card('Market feed · crypto')).getByRole('button', { name: 'Subscribe a symbol' }));
    const dialog = await screen.findByRole('dialog', { name: /Subscribe a symbol/ });
    expect(within(dialog).getByRole('button', { name: 'Send command' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Symbol'), { target: { value: ' SOLUSDT ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send command' }));
    await waitFor(() => expect(view.api.calls.find((c) => c.id === 'services.sendCommand')?.input).toEqual({ query: { service_name: 'market-feed:crypto', command: 'subscribe' }, body: { symbol: 'SOLUSDT' } }));

    fireEvent.click(within(card('Strategy engine')).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(view.api.calls.filter((c) => c.id === 'services.sendCommand').at(-1)?.input.query).toEqual({ service_name: 'strategy-engine', command: 'start' }));
  });

  it('shows a command the service does not know as a sentence', async () => {
    const view = renderServices();
    await screen.findByRole('article', { name: 'Market feed · crypto' });
    await socketOpen(view);
    // The card learns of a command (from a newer frame) that the server then refuses.
    view.store.services.push(service('notifier'));
    view.sockets.push(APP_SOCKET, { _type: 'service', params: { service_name: 'notifier' }, data: service('notifier', { commands: [{ name: 'flush', destructive: false, args: [] }] }) });
    fireEvent.click(within(await screen.findByRole('article', { name: 'Notifier' })).getByRole('button', { name: 'flush' }));
    await waitFor(() => expect(within(card('Notifier')).getByRole('alert').textContent).toContain('does not know the command "flush"'));
  });

  it('speaks Persian with the restart labels the end-to-end test uses', async () => {
    renderServices('fa-IR');
    const crypto = await screen.findByRole('article', { name: 'خوراک بازار · crypto' });
    fireEvent.click(within(crypto).getByRole('button', { name: 'راه‌اندازی دوباره' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'بله، راه‌اندازی دوباره' })).toBeTruthy();
  });
});
