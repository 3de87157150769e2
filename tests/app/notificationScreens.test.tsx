import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import BroadcastPage from '../../src/views/pages/BroadcastPage';
import ChannelsPage from '../../src/views/pages/ChannelsPage';
import NotificationsPage from '../../src/views/pages/NotificationsPage';
import { channel, delivery, notification, notificationServer } from './notificationHarness';
import { renderSignals, stopSignalsSystems, USER } from './support/signalsHarness';

afterEach(stopSignalsSystems);

const signal = notification(200, {
  title: 'BTCUSDT: buy signal', category: 'signal', sub_category: 'entry', priority: 30, market: 'crypto', symbol: 'BTCUSDT', portfolio_id: 5,
  data: { timeframe: '1h', score: 72, order_id: 41 },
});
const many = () => [signal, ...Array.from({ length: 30 }, (_, i) => notification(100 + i, { status: i % 2 ? 20 : 30 }))];

function renderCentre(path = '/notifications', items = many()) {
  const { server, store } = notificationServer(items);
  const view = renderSignals(<Route path="/notifications" element={<NotificationsPage />} />, { path, server, language: 'en-US' });
  return { ...view, store };
}
const listQueries = (view: ReturnType<typeof renderCentre>) => view.api.calls.filter((c) => c.id === 'notifications.list' && c.input.query?.offset !== undefined).map((c) => c.input.query);

describe('notification centre', () => {
  it('pages through the list with the total', async () => {
    const view = renderCentre();
    expect((await screen.findByTestId('page-summary')).textContent).toBe('1–25 of 31');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('page-summary').textContent).toBe('26–31 of 31'));
    expect(listQueries(view).at(-1)).toEqual({ offset: 25, limit: 25 });
    expect(screen.getByTestId('where').textContent).toBe('/notifications?offset=25');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('filters by status, category and symbol, in the address and the query', async () => {
    const view = renderCentre();
    await screen.findByTestId('page-summary');
    fireEvent.click(within(screen.getByRole('group', { name: 'Category' })).getByRole('button', { name: 'Signal' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'New' }));
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'BTCUSDT' } });
    fireEvent.blur(screen.getByLabelText('Symbol'));
    await waitFor(() => expect(screen.getByTestId('page-summary').textContent).toBe('1–1 of 1'));
    expect(listQueries(view).at(-1)).toEqual({ offset: 0, limit: 25, status: '10', category: 'signal', symbol: 'BTCUSDT' });
    expect(screen.getByTestId('where').textContent).toBe('/notifications?status=10&category=signal&symbol=BTCUSDT');
    expect(screen.getByTestId('notification-row-200')).toBeTruthy();
  });

  it('reads its filters from the address and sends the time bounds as instants', async () => {
    const view = renderCentre('/notifications?priority=30,40&created_after=2026-01-01T00:00:00.000Z&not_expired=true&limit=50');
    await screen.findByTestId('page-summary');
    expect(listQueries(view)[0]).toEqual({ offset: 0, limit: 50, priority: '30,40', created_after: '2026-01-01T00:00:00.000Z', not_expired: true });
    expect(within(screen.getByRole('group', { name: 'Priority' })).getByRole('button', { name: 'High' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('sets one status on the selected ones and deletes others', async () => {
    const view = renderCentre();
    await screen.findByTestId('page-summary');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Notification 129”' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Notification 128”' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 selected');
    fireEvent.change(screen.getByLabelText('Set status to…'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('2 notifications updated')).toBeTruthy();
    expect(view.api.calls.find((c) => c.id === 'notifications.bulkSetStatus')?.input.body).toEqual({ ids: [129, 128], status: 40 });
    expect(view.store.items.filter((n) => n.status === 40).map((n) => n.id)).toEqual([128, 129]);
    await waitFor(() => expect(screen.getByTestId('status-129').textContent).toBe('Dismissed'));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('25 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete them' }));
    await waitFor(() => expect(screen.getByTestId('page-summary').textContent).toBe('1–6 of 6'));
    expect(view.api.calls.filter((c) => c.id === 'notifications.delete')).toHaveLength(25);
  });

  it('opens the drawer with the chart, portfolio and order links, and marks it done', async () => {
    const view = renderCentre();
    fireEvent.click(await screen.findByRole('button', { name: 'BTCUSDT: buy signal' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notification details' });
    expect(screen.getByTestId('where').textContent).toBe('/notifications?open=200');
    expect(within(drawer).getByTestId('link-chart').getAttribute('href')).toBe('/markets/crypto/BTCUSDT?tf=1h');
    expect(within(drawer).getByTestId('link-portfolio').getAttribute('href')).toBe('/portfolios/5');
    expect(within(drawer).getByTestId('link-order').textContent).toBe('Order #41');
    // Opening a new one reads it.
    await waitFor(() => expect(within(drawer).getByTestId('drawer-status').textContent).toBe('Seen'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByTestId('drawer-status').textContent).toBe('Done'));
    expect(view.store.items.find((n) => n.id === 200)?.status).toBe(30);
    fireEvent.click(within(screen.getByRole('dialog')).getByTestId('link-chart'));
    expect(screen.getByText('chart page')).toBeTruthy();
  });

  it('opens one that is not on the page by reading it by id', async () => {
    const view = renderCentre('/notifications?status=30&open=200');
    const drawer = await screen.findByRole('dialog', { name: 'Notification details' });
    expect(within(drawer).getByRole('heading', { level: 2 }).textContent).toBe('BTCUSDT: buy signal');
    expect(view.api.calls.some((c) => c.id === 'notifications.list' && c.input.query?.after_id === 199)).toBe(true);
  });

  it('says the filters match nothing, in Persian', async () => {
    const { server } = notificationServer([]);
    renderSignals(<Route path="/notifications" element={<NotificationsPage />} />, { path: '/notifications', server });
    expect(await screen.findByText('اعلانی با این پالایه‌ها پیدا نشد')).toBeTruthy();
  });
});

describe('delivery channels', () => {
  function renderChannels(channels = [channel(1, { recent_deliveries: [delivery(2, { outcome: 'failure', status_code: 550, error: 'mailbox unavailable' }), delivery(1, { is_test: true })] })]) {
    const { server, store } = notificationServer();
    store.channels.push(...channels);
    const view = renderSignals(<Route path="/notifications/channels" element={<ChannelsPage />} />, { path: '/notifications/channels', server, language: 'en-US' });
    return { ...view, store };
  }

  it('adds a webhook and shows its secret once', async () => {
    const view = renderChannels([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a channel' }));
    const form = screen.getByRole('form', { name: 'Add a channel' });
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'webhook' } });
    fireEvent.change(within(form).getByLabelText('Webhook URL'), { target: { value: 'https://hooks.example.com/in' } });
    fireEvent.change(within(form).getByLabelText('Minimum priority'), { target: { value: '30' } });
    fireEvent.click(within(form).getByLabelText('Signal'));
    fireEvent.click(within(form).getByRole('button', { name: 'Create channel' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_0123456789abcdef0123456789abf00d');
    expect(view.api.calls.find((c) => c.id === 'notifications.createChannel')?.input.body).toEqual({
      type: 'webhook', config: { url: 'https://hooks.example.com/in' }, min_priority: 30, categories: ['signal'],
    });
    const card = await screen.findByTestId('channel-500');
    expect(card.textContent).toContain('Secret: …f00d');
    fireEvent.click(screen.getByRole('button', { name: '×' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('names the missing Telegram fields before asking the server', async () => {
    const view = renderChannels([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a channel' }));
    const form = screen.getByRole('form', { name: 'Add a channel' });
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'telegram' } });
    fireEvent.change(within(form).getByLabelText('Bot token'), { target: { value: 'nope' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create channel' }));
    const messages = await within(form).findAllByTestId('field-error');
    expect(messages.map((m) => m.textContent)).toEqual([
      expect.stringContaining('must be a bot token'),
      expect.stringContaining('must be a chat id'),
    ]);
    expect(view.api.calls.some((c) => c.id === 'notifications.createChannel')).toBe(false);
  });

  it('sends a test message, pauses, resumes and removes a channel; shows its delivery log', async () => {
    const view = renderChannels();
    const card = await screen.findByTestId('channel-1');
    fireEvent.click(within(card).getByRole('button', { name: 'Send a test message' }));
    expect(await within(card).findByText('The test message is queued')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(within(screen.getByTestId('channel-1')).getByTestId('channel-state-1').textContent).toBe('Paused'));
    expect(within(screen.getByTestId('channel-1')).getByRole('button', { name: 'Send a test message' })).toHaveProperty('disabled', true);
    fireEvent.click(within(screen.getByTestId('channel-1')).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByTestId('channel-state-1').textContent).toBe('Active'));
    const updates = view.api.calls.filter((c) => c.id === 'notifications.updateChannel').map((c) => c.input.body);
    expect(updates).toEqual([{ type: 'email', send_test: true }, { type: 'email', is_active: false }, { type: 'email', is_active: true }]);
    const log = within(screen.getByTestId('channel-1')).getByRole('table', { name: 'Delivery log' });
    expect(within(log).getByTestId('delivery-2').textContent).toContain('Failed');
    expect(within(log).getByTestId('delivery-2').textContent).toContain('mailbox unavailable');
    expect(within(log).getByTestId('delivery-1').textContent).toContain('test');
    fireEvent.click(within(screen.getByTestId('channel-1')).getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    expect(await screen.findByText('You have no channels yet')).toBeTruthy();
  });
});

describe('broadcast composer', () => {
  const admin = { ...USER, is_superuser: true };
  function renderBroadcast() {
    const { server } = notificationServer();
    return renderSignals(<Route path="/notifications/broadcast" element={<BroadcastPage />} />, { path: '/notifications/broadcast', server, language: 'en-US', user: admin });
  }

  it('previews the draft in Persian (right to left) and English (left to right)', async () => {
    renderBroadcast();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Maintenance tonight' } });
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: '40' } });
    const fa = screen.getByTestId('preview-fa');
    const en = screen.getByTestId('preview-en');
    expect(fa.getAttribute('dir')).toBe('rtl');
    expect(en.getAttribute('dir')).toBe('ltr');
    expect(fa.textContent).toContain('فوری');
    expect(fa.textContent).toContain('همگانی');
    expect(en.textContent).toContain('Urgent');
    expect(en.textContent).toContain('Maintenance tonight');
  });

  it('sends to listed users and reports unknown ids; everyone needs a second click', async () => {
    const view = renderBroadcast();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByLabelText('Listed users'));
    fireEvent.change(screen.getByLabelText('User ids (comma separated)'), { target: { value: '2, x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send broadcast' }));
    expect((await screen.findByTestId('field-error')).textContent).toBe('Ids must be positive numbers');
    fireEvent.change(screen.getByLabelText('User ids (comma separated)'), { target: { value: '2, 3 44' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send broadcast' }));
    expect((await screen.findByTestId('broadcast-sent')).textContent).toBe('Sent; recipients: 2');
    expect(screen.getByText('These ids have no user: 44')).toBeTruthy();
    expect(view.api.calls.find((c) => c.id === 'notifications.broadcast')?.input.body).toEqual({ title: 'Hello', body: '', priority: 20, audience: { type: 'users', user_ids: [2, 3, 44] } });

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'To all' } });
    fireEvent.click(screen.getByLabelText('Every user'));
    fireEvent.click(screen.getByRole('button', { name: 'Send broadcast' }));
    expect(view.api.calls.filter((c) => c.id === 'notifications.broadcast')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Send it to everyone' }));
    await waitFor(() => expect(screen.getByTestId('broadcast-sent').textContent).toBe('Sent; recipients: 3'));
    expect(view.api.calls.filter((c) => c.id === 'notifications.broadcast').at(-1)?.input.body).toMatchObject({ audience: { type: 'all', active_only: true } });
  });
});
