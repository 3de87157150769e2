import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import AdminTasksPage from '../../src/views/pages/AdminTasksPage';
import { ApiError } from '../../src/services/apiErrors';
import { ADMIN, adminOpsServer, APP_SOCKET, task } from './support/adminOpsHarness';
import { NOW, renderSignals, stopSignalsSystems } from './support/signalsHarness';

// Unmount first, so the screens let go of their queries before the system stops.
afterEach(() => {
  cleanup();
  stopSignalsSystems();
});

const later = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000).toISOString();
const backfill = task('t-backfill', 'market.backfill', 'PROGRESS', { args: { market: 'crypto', timeframe: '1h' }, progress: { current: 2, total: 10, message: 'BTCUSDT' } });
const failed = task('t-failed', 'system.test', 'FAILURE', { error: { type: 'WorkerLost', message: 'the server restarted' }, finished_at: NOW });
const done = task('t-done', 'market.data_update', 'SUCCESS', { has_result: true, result: { candles: 1200 }, finished_at: NOW, user_id: null });

function renderTasks(path = '/admin/tasks', tasks = [backfill, failed, done], language: 'en-US' | 'fa-IR' = 'en-US') {
  const { server, store } = adminOpsServer({ tasks });
  const view = renderSignals(<Route path="/admin/tasks" element={<AdminTasksPage />} />, { path, server, language, user: ADMIN });
  return { ...view, store };
}
const reportQueries = (view: ReturnType<typeof renderTasks>) => view.api.calls.filter((c) => c.id === 'tasks.report').map((c) => c.input.query);
const bar = (name: string) => screen.getByRole('progressbar', { name: `Progress of task “${name}”` });

describe('tasks panel: report and filters', () => {
  it('shows the counts, the rows and who started them', async () => {
    renderTasks();
    await screen.findByTestId('task-row-t-backfill');
    expect(within(screen.getByTestId('count-FAILURE')).getByText('1')).toBeTruthy();
    expect(within(screen.getByTestId('count-PENDING')).getByText('0')).toBeTruthy();
    const row = screen.getByTestId('task-row-t-backfill');
    expect(within(row).getByText('market.backfill')).toBeTruthy();
    expect(within(row).getByText('Price history backfill')).toBeTruthy();
    expect(bar('Price history backfill').getAttribute('aria-valuenow')).toBe('20');
    expect(within(row).getByText('2 / 10 — BTCUSDT')).toBeTruthy();
    expect(within(screen.getByTestId('task-row-t-done')).getByText('System')).toBeTruthy();
    expect(bar('Market data update').getAttribute('aria-valuenow')).toBe('100');
  });

  it('reads state and name from the address, and a count chip filters by its state', async () => {
    const view = renderTasks('/admin/tasks?name=market.backfill&state=PROGRESS');
    await screen.findByTestId('task-row-t-backfill');
    expect(reportQueries(view)[0]).toEqual({ offset: 0, limit: 25, state: 'PROGRESS', name: 'market.backfill' });
    expect(screen.queryByTestId('task-row-t-failed')).toBeNull();
    expect(screen.getByTestId('count-PROGRESS').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('count-PROGRESS'));
    expect(screen.getByTestId('where').textContent).toBe('/admin/tasks?name=market.backfill');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    await screen.findByTestId('task-row-t-failed');
    fireEvent.click(screen.getByTestId('count-FAILURE'));
    await waitFor(() => expect(screen.queryByTestId('task-row-t-backfill')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/admin/tasks?state=FAILURE');
    fireEvent.click(screen.getByRole('switch', { name: 'Every stored task' }));
    await waitFor(() => expect(reportQueries(view).at(-1)).toEqual({ offset: 0, limit: 25, state: 'FAILURE', report_all: true }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/tasks?state=FAILURE&report_all=true');
  });

  it('pages through the report', async () => {
    const many = Array.from({ length: 30 }, (_, i) => task(`t-${i}`, 'notification.expire', 'SUCCESS', { created_at: later(-i) }));
    const view = renderTasks('/admin/tasks', many);
    expect((await screen.findByTestId('task-page-summary')).textContent).toBe('1–25 of 30');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('task-page-summary').textContent).toBe('26–30 of 30'));
    expect(reportQueries(view).at(-1)).toEqual({ offset: 25, limit: 25 });
  });

  it('opens a task from ?task=<id> with its arguments, result and error', async () => {
    const view = renderTasks('/admin/tasks?task=t-done');
    const drawer = await screen.findByRole('dialog', { name: 'Task details' });
    await within(drawer).findByLabelText('Result');
    expect(view.api.calls.find((c) => c.id === 'tasks.state')?.input.query).toEqual({ task_id: 't-done', get_result: true });
    expect(within(drawer).getByLabelText('Result').textContent).toContain('"candles": 1200');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/tasks');

    fireEvent.click(screen.getByRole('button', { name: 'Details of Task runner test' }));
    const failure = await within(await screen.findByRole('dialog', { name: 'Task details' })).findByTestId('task-error');
    expect(within(failure).getByText(/the server restarted/).textContent).toBe('WorkerLost: the server restarted');
    expect(screen.getByTestId('where').textContent).toBe('/admin/tasks?task=t-failed');
  });
});

describe('tasks panel: live', () => {
  it('moves a row’s progress bar and state from task messages, adds new tasks at the top, and reloads after a reconnect', async () => {
    const view = renderTasks();
    await screen.findByTestId('task-row-t-backfill');
    view.sockets.push(APP_SOCKET, { _type: 'task', params: { task_id: backfill.id, name: backfill.name }, data: { ...backfill, progress: { current: 7, total: 10, message: 'ETHUSDT' }, updated_at: later(5) } });
    expect(bar('Price history backfill').getAttribute('aria-valuenow')).toBe('70');
    // An older frame arriving late does not move it back.
    view.sockets.push(APP_SOCKET, { _type: 'task', params: { task_id: backfill.id, name: backfill.name }, data: { ...backfill, progress: { current: 3, total: 10, message: null }, updated_at: later(2) } });
    expect(bar('Price history backfill').getAttribute('aria-valuenow')).toBe('70');
    view.sockets.push(APP_SOCKET, { _type: 'task', params: { task_id: backfill.id, name: backfill.name }, data: { ...backfill, state: 'SUCCESS', progress: { current: 10, total: 10, message: null }, updated_at: later(9) } });
    expect(screen.getByTestId('task-state-t-backfill').textContent).toBe('Succeeded');
    expect(bar('Price history backfill').getAttribute('aria-valuenow')).toBe('100');

    const fresh = task('t-fresh', 'notification.expire', 'STARTED', { created_at: later(20), updated_at: later(20) });
    view.sockets.push(APP_SOCKET, { _type: 'task', params: { task_id: fresh.id, name: fresh.name }, data: fresh });
    const rows = screen.getAllByTestId(/^task-row-/);
    expect(rows[0]?.getAttribute('data-testid')).toBe('task-row-t-fresh');

    const before = reportQueries(view).length;
    view.sockets.drop(APP_SOCKET);
    await waitFor(() => expect(screen.getByText('The live connection is down; the list is read again when it is back')).toBeTruthy());
    await waitFor(() => expect(reportQueries(view).length).toBeGreaterThan(before), { timeout: 5000 });
  });

  it('does not put a new task that misses the filters into the table', async () => {
    const view = renderTasks('/admin/tasks?name=market.backfill');
    await screen.findByTestId('task-row-t-backfill');
    const other = task('t-other', 'system.test', 'STARTED', { created_at: later(20), updated_at: later(20) });
    view.sockets.push(APP_SOCKET, { _type: 'task', params: { task_id: other.id, name: other.name }, data: other });
    expect(screen.queryByTestId('task-row-t-other')).toBeNull();
  });
});

describe('tasks panel: revoke, terminate, forget', () => {
  it('revokes at once, and terminates only after confirming', async () => {
    const view = renderTasks('/admin/tasks?task=t-backfill');
    const drawer = await screen.findByRole('dialog', { name: 'Task details' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Revoke' }));
    expect(await within(drawer).findByText('Revoke requested', { selector: '[role=status] *' })).toBeTruthy();
    expect(view.api.calls.filter((c) => c.id === 'tasks.revoke').map((c) => c.input.query)).toEqual([{ task_id: 't-backfill', terminate: false }]);

    fireEvent.click(within(drawer).getByRole('button', { name: 'Terminate' }));
    const confirm = await screen.findByRole('dialog', { name: /Terminate/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Terminate ·/ })).toBeNull());
    expect(view.api.calls.filter((c) => c.id === 'tasks.revoke')).toHaveLength(1);

    fireEvent.click(within(drawer).getByRole('button', { name: 'Terminate' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: /Terminate ·/ })).getByRole('button', { name: 'Yes, terminate' }));
    await waitFor(() => expect(view.api.calls.filter((c) => c.id === 'tasks.revoke').at(-1)?.input.query).toEqual({ task_id: 't-backfill', terminate: true }));
    await waitFor(() => expect(screen.getByTestId('task-state-t-backfill').textContent).toBe('Revoked'));
    // Finished now: it can be forgotten.
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Forget' }));
    await waitFor(() => expect(screen.queryByTestId('task-row-t-backfill')).toBeNull());
    expect(view.store.tasks.map((x) => x.id)).not.toContain('t-backfill');
    expect(screen.getByTestId('tasks-notice').textContent).toBe('The task was forgotten');
  });
});

describe('tasks panel: start form', () => {
  const openForm = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Start a task' }));
    return screen.getByRole('form', { name: 'Start a task' });
  };

  it('builds the fields from each task’s schema and checks them as the admin types', async () => {
    renderTasks();
    const form = await openForm();
    expect(within(form).getByLabelText('Task name')).toHaveProperty('value', 'market.backfill');
    expect(within(form).getByLabelText(/^Market/)).toBeTruthy();
    expect(within(form).getByLabelText('Data source').tagName).toBe('SELECT');
    expect(within(form).getByLabelText(/^Symbols/)).toBeTruthy();
    expect(within(form).getByLabelText(/^From/).getAttribute('type')).toBe('datetime-local');
    fireEvent.change(within(form).getByLabelText(/^Market/), { target: { value: 'Not A Market' } });
    expect(within(screen.getByTestId('arg-market')).getByTestId('field-error').textContent).toContain('must be a market name');

    fireEvent.change(within(form).getByLabelText('Task name'), { target: { value: 'system.test' } });
    expect(within(form).queryByLabelText(/^Market/)).toBeNull();
    expect(within(form).getByLabelText(/^Steps/)).toHaveProperty('value', '5');
    expect(within(form).getByRole('switch', { name: 'Fail at the end' })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Steps/), { target: { value: '500' } });
    expect(within(screen.getByTestId('arg-steps')).getByTestId('field-error').textContent).toMatch(/100/);

    fireEvent.change(within(form).getByLabelText('Task name'), { target: { value: 'market.data_update' } });
    expect(within(within(form).getByRole('group', { name: /^Timeframes/ })).getAllByRole('button')).toHaveLength(10);

    fireEvent.change(within(form).getByLabelText('Task name'), { target: { value: 'strategy.backtest' } });
    expect(within(form).getByLabelText('Arguments (JSON)').tagName).toBe('TEXTAREA');
    fireEvent.change(within(form).getByLabelText('Arguments (JSON)'), { target: { value: '{"strategy_id": ' } });
    expect(within(form).getByTestId('field-error')).toBeTruthy();
  });

  it('starts a task with its arguments as JSON and shows it in the table at once', async () => {
    const view = renderTasks();
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText(/^Market/), { target: { value: 'crypto' } });
    fireEvent.change(within(form).getByLabelText(/^Symbols/), { target: { value: 'BTCUSDT, ETHUSDT' } });
    fireEvent.change(within(form).getByLabelText(/^Timeframe/), { target: { value: '1h' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Run task' }));
    await waitFor(() => expect(view.api.calls.some((c) => c.id === 'tasks.start')).toBe(true));
    const query = view.api.calls.find((c) => c.id === 'tasks.start')!.input.query!;
    expect(query.task_name).toBe('market.backfill');
    expect(JSON.parse(String(query.args))).toEqual({ market: 'crypto', symbols: ['BTCUSDT', 'ETHUSDT'], timeframe: '1h' });
    expect(query.prevent_concurrent).toBeUndefined();
    const started = view.store.tasks[0]!;
    expect(await screen.findByTestId(`task-row-${started.id}`)).toBeTruthy();
    expect(screen.getAllByTestId(/^task-row-/)[0]?.getAttribute('data-testid')).toBe(`task-row-${started.id}`);
  });

  it('shows the server’s 422 beside its field and a 409 as a sentence', async () => {
    const view = renderTasks();
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText(/^Market/), { target: { value: 'nowhere' } });
    view.server.state.failNext['tasks.start'] = new ApiError('HTTP_ERROR', 422, { detail: [{ loc: ['query', 'args', 'market'], msg: 'Unknown market "nowhere"', type: 'value_error' }] }, 'Unknown market "nowhere"');
    fireEvent.click(within(form).getByRole('button', { name: 'Run task' }));
    expect((await within(screen.getByTestId('arg-market')).findByTestId('field-error')).textContent).toBe('Unknown market "nowhere"');
    expect(within(form).getByRole('alert').textContent).toBe('Correct the fields shown.');
    // Editing the field clears the server's word on it.
    fireEvent.change(within(form).getByLabelText(/^Market/), { target: { value: 'crypto' } });
    expect(within(screen.getByTestId('arg-market')).queryByTestId('field-error')).toBeNull();

    fireEvent.click(within(form).getByRole('switch', { name: 'Do not start if this task is already running' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Run task' }));
    const alert = await within(form).findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Task “Price history backfill” is already running'));
    expect(alert.textContent).toContain('t-backfill');
    expect(view.api.calls.filter((c) => c.id === 'tasks.start').at(-1)?.input.query?.prevent_concurrent).toBe(true);
  });
});

describe('tasks panel: utilities and Persian', () => {
  it('starts the runner test and sends a test mail', async () => {
    const view = renderTasks();
    fireEvent.click(await screen.findByRole('button', { name: 'Test the task runner' }));
    expect((await screen.findByTestId('utility-notice')).textContent).toMatch(/^Test task started: new-/);
    expect(await screen.findByTestId(`task-row-${view.store.tasks[0]!.id}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Test email' }));
    fireEvent.change(screen.getByLabelText('Recipient address'), { target: { value: 'ops@b.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('utility-notice').textContent).toBe('Email sent through the outbox (not really sent); message id: <m-1@bazaar>'));
    expect(view.api.calls.find((c) => c.id === 'utility.testEmail')?.input.query).toEqual({ email_to: 'ops@b.test' });
  });

  it('speaks Persian with the labels the end-to-end test uses', async () => {
    renderTasks('/admin/tasks', [backfill], 'fa-IR');
    await screen.findByTestId('task-row-t-backfill');
    expect(screen.getByRole('progressbar', { name: 'پیشرفت وظیفه «پرکردن تاریخچهٔ قیمت»' }).getAttribute('aria-valuenow')).toBe('20');
    fireEvent.click(screen.getByRole('button', { name: 'شروع وظیفه' }));
    expect(screen.getByLabelText('نام وظیفه')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'اجرای وظیفه' })).toBeTruthy();
    expect(screen.getByTestId('task-state-t-backfill').textContent).toBe('در حال اجرا');
  });
});
