import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ActiveNotifications from '../../src/views/notifications/ActiveNotifications';
import { NotificationBell } from '../../src/views/layout/NotificationBell';
import { notification, notificationServer } from './notificationHarness';
import { renderSignals, stopSignalsSystems } from './support/signalsHarness';

afterEach(() => {
  stopSignalsSystems();
  vi.unstubAllGlobals();
});

const frame = (event: 'created' | 'updated' | 'deleted', n: ReturnType<typeof notification>) => ({ _type: 'notification', params: { event }, data: n });

function renderBell(initial = [notification(1, { status: 20 }), notification(2), notification(3, { status: 30 })]) {
  const { server, store } = notificationServer(initial);
  const view = renderSignals(
    <Route
      path="*"
      element={
        <>
          <NotificationBell />
          <ActiveNotifications language="en-US" />
        </>
      }
    />,
    { path: '/', server, language: 'en-US' },
  );
  return { ...view, store };
}

/** Waits until the app socket is open so frames can be pushed through it. */
async function socketOpen(view: ReturnType<typeof renderBell>) {
  await waitFor(() => expect(view.sockets.open.has('/api/ws/app')).toBe(true));
}

describe('the bell', () => {
  it('loads the active list (statuses 10 and 20, at most 100) and counts the new ones', async () => {
    const view = renderBell();
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('1'));
    const call = view.api.calls.find((c) => c.id === 'notifications.list');
    expect(call?.input.query).toEqual({ status: '10,20', limit: 100 });
    fireEvent.click(screen.getByTestId('bell'));
    const list = await screen.findByTestId('bell-list');
    expect(within(list).getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual(['bell-item-2', 'bell-item-1']);
    // The dashboard's panel shows the same active list.
    expect(within(screen.getByTestId('dashboard-notifications')).getAllByRole('link').map((a) => a.textContent)).toEqual([
      expect.stringContaining('Notification 2'),
      expect.stringContaining('Notification 1'),
    ]);
  });

  it('adds a notification created live and drops one changed to done elsewhere', async () => {
    const view = renderBell();
    await socketOpen(view);
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('1'));
    view.sockets.push('/api/ws/app', frame('created', notification(4, { title: 'BTCUSDT buy signal' })));
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('2'));
    view.sockets.push('/api/ws/app', frame('updated', notification(2, { status: 30 })));
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('bell'));
    const items = within(await screen.findByTestId('bell-list')).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.testid)).toEqual(['bell-item-4', 'bell-item-1']);
  });

  it('marks one seen, then done, through the API; the list follows the answers', async () => {
    const view = renderBell();
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('bell'));
    const item = await screen.findByTestId('bell-item-2');
    fireEvent.click(within(item).getByRole('button', { name: 'Mark seen' }));
    await waitFor(() => expect(screen.queryByTestId('bell-count')).toBeNull());
    expect(screen.getByTestId('bell-item-2').dataset.status).toBe('20');
    fireEvent.click(within(screen.getByTestId('bell-item-2')).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(screen.queryByTestId('bell-item-2')).toBeNull());
    const statusCalls = view.api.calls.filter((c) => c.id === 'notifications.setStatus').map((c) => [c.input.params, c.input.query]);
    expect(statusCalls).toEqual([[{ id: 2 }, { status: 20 }], [{ id: 2 }, { status: 30 }]]);
    expect(view.store.items.find((n) => n.id === 2)?.status).toBe(30);
  });

  it('opening one marks it seen and shows it in the centre', async () => {
    const view = renderBell();
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('bell'));
    fireEvent.click(within(await screen.findByTestId('bell-item-2')).getByText('Notification 2'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/notifications?open=2'));
    await waitFor(() => expect(view.store.items.find((n) => n.id === 2)?.status).toBe(20));
  });

  it('reads the list again when the app socket comes back, so nothing sent meanwhile is missed', async () => {
    const view = renderBell([notification(1)]);
    await socketOpen(view);
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('1'));
    view.sockets.drop('/api/ws/app');
    // Created while the socket was down: no frame will ever tell of it.
    view.store.items.push(notification(9), notification(10));
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('3'), { timeout: 8000 });
    expect(view.api.calls.filter((c) => c.id === 'notifications.list')).toHaveLength(2);
  }, 10_000);
});

describe('urgent toasts', () => {
  it('pops up an urgent one created live, not a normal one, and closes it when it is seen elsewhere', async () => {
    const view = renderBell([]);
    await socketOpen(view);
    view.sockets.push('/api/ws/app', frame('created', notification(5, { title: 'Normal news' })));
    view.sockets.push('/api/ws/app', frame('created', notification(6, { title: 'Stop loss hit', priority: 40 })));
    const toast = await screen.findByTestId('toast-6');
    expect(toast.textContent).toContain('Stop loss hit');
    expect(toast.textContent).toContain('Urgent');
    expect(screen.queryByTestId('toast-5')).toBeNull();
    view.sockets.push('/api/ws/app', frame('updated', notification(6, { priority: 40, status: 20 })));
    await waitFor(() => expect(screen.queryByTestId('toast-6')).toBeNull());
  });

  it('chimes through the Web Audio API only when the sound setting is on, and remembers the setting', async () => {
    const tones: number[] = [];
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      createOscillator() {
        const osc = { type: '', frequency: { value: 0 }, connect: (node: unknown) => node, start: () => tones.push(osc.frequency.value), stop: () => undefined };
        return osc;
      }
      createGain() {
        return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (node: unknown) => node };
      }
      resume() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const view = renderBell([]);
    await socketOpen(view);
    view.sockets.push('/api/ws/app', frame('created', notification(7, { priority: 40 })));
    await screen.findByTestId('toast-7');
    expect(tones).toEqual([]);
    fireEvent.click(screen.getByTestId('bell'));
    const sound = await screen.findByRole('checkbox', { name: 'Sound for urgent ones' });
    act(() => fireEvent.click(sound));
    expect(localStorage.getItem('ui.notifications.sound')).toBe('true');
    view.sockets.push('/api/ws/app', frame('created', notification(8, { priority: 40 })));
    await screen.findByTestId('toast-8');
    expect(tones).toEqual([880, 1320]);
  });
});
