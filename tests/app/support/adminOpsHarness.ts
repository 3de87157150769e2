import type { ServiceInfo } from '../../../contract/system/services';
import { taskArgs, type TaskInfo } from '../../../contract/system/tasks';
import type { TaskName } from '../../../contract/codes';
import { ApiError } from '../../../src/services/apiErrors';
import type { CallInput } from '../../../src/services/apiClient';
import { createServer, NOW, T0, USER } from './signalsHarness';

/*
 * The admin tasks and services panels over an in-memory server: a store of tasks (report with
 * counts and filters, state with result and forget, start checked against the contract's schemas
 * with 422/404/409 like the server, revoke) and of services (list, commands with 422 for unknown
 * ones). Each call is recorded by the fake API for the test to read.
 */

export const ADMIN = { ...USER, id: 9, email: 'admin@b.test', full_name: 'Admin', is_superuser: true };
export const APP_SOCKET = '/api/ws/app';

export function task(id: string, name: TaskName, state: TaskInfo['state'], extra: Partial<TaskInfo> = {}): TaskInfo {
  return {
    id, name, state, progress: null, has_result: false, result: null, error: null, args: {}, user_id: 9, retries: 0, revoke: null,
    created_at: NOW, started_at: state === 'PENDING' ? null : NOW, finished_at: null, updated_at: NOW, ...extra,
  };
}

export function service(name: string, extra: Partial<ServiceInfo> = {}): ServiceInfo {
  const [kind, market] = name.split(':') as [ServiceInfo['kind'], string | undefined];
  return {
    name, kind, market: market ?? null, status: 'running', started_at: new Date(T0 - 3_725_000).toISOString(), last_error: null, restart_count: 0,
    next_restart_at: null, pid: 4242, host: 'node-1', data: null, updated_at: NOW,
    commands: [{ name: 'start', destructive: false, args: [] }, { name: 'stop', destructive: true, args: [] }, { name: 'restart', destructive: true, args: [] }], ...extra,
  };
}

const FEED_COMMANDS = [
  { name: 'start', destructive: false, args: [] }, { name: 'stop', destructive: true, args: [] }, { name: 'restart', destructive: true, args: [] },
  { name: 'subscribe', destructive: false, args: ['symbol'] }, { name: 'unsubscribe', destructive: true, args: ['symbol'] },
];
export const feed = (market: string, extra: Partial<ServiceInfo> = {}) =>
  service(`market-feed:${market}`, { commands: FEED_COMMANDS, data: { ticks_per_second: 12.345, clients: 3, subscribed: ['BTCUSDT', 'ETHUSDT'], source: 'simulated' }, ...extra });

const http = (status: number, detail: unknown, message: string) => new ApiError('HTTP_ERROR', status, { detail }, message);
const later = (iso: string) => new Date(Date.parse(iso) + 1000).toISOString();

export function adminOpsServer(initial: { tasks?: TaskInfo[]; services?: ServiceInfo[] } = {}) {
  const server = createServer();
  // Copies: the store changes its rows, and tests share their fixtures.
  const store = { tasks: (initial.tasks ?? []).map((x) => ({ ...x })), services: (initial.services ?? []).map((x) => ({ ...x })), nextTask: 1 };
  const q = (input: CallInput) => (input.query ?? {}) as Record<string, string | number | boolean | undefined>;
  const find = (id: unknown) => {
    const found = store.tasks.find((x) => x.id === id);
    if (!found) throw http(404, 'Task not found', 'Task not found');
    return found;
  };
  const newTask = (name: TaskName, args: Record<string, unknown>) => {
    const created = task(`new-${store.nextTask++}`, name, 'PENDING', { args, created_at: new Date(T0 + 60_000 * store.nextTask).toISOString() });
    store.tasks.unshift(created);
    return created;
  };
  const routes: Record<string, (input: CallInput) => unknown> = {
    'tasks.report': (input: CallInput) => {
      const query = q(input);
      const rows = store.tasks.filter((x) => (!query.state || x.state === query.state) && (!query.name || x.name === query.name));
      const counts = Object.fromEntries(['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE', 'REVOKED'].map((s) => [s, rows.filter((x) => x.state === s).length]));
      const offset = Number(query.offset ?? 0);
      const limit = Number(query.limit ?? 100);
      return { counts, running: rows.filter((x) => x.state === 'STARTED' || x.state === 'PROGRESS'), data: rows.slice(offset, offset + limit), count: rows.length, since: query.report_all ? null : NOW };
    },
    'tasks.state': (input: CallInput) => {
      const found = find(q(input).task_id);
      if (q(input).forget) store.tasks = store.tasks.filter((x) => x !== found);
      return q(input).get_result ? found : { ...found, result: null };
    },
    'tasks.revoke': (input: CallInput) => {
      const found = find(q(input).task_id);
      Object.assign(found, { revoke: { at: NOW, terminate: q(input).terminate === true }, updated_at: later(found.updated_at) });
      if (q(input).terminate || found.state === 'PENDING') Object.assign(found, { state: 'REVOKED', finished_at: NOW });
      return { ...found };
    },
    'tasks.start': (input: CallInput) => {
      const query = q(input);
      const name = String(query.task_name);
      if (!Object.hasOwn(taskArgs, name)) throw http(404, `Unknown task "${name}"`, `Unknown task "${name}"`);
      const args = JSON.parse(String(query.args ?? '{}')) as Record<string, unknown>;
      const parsed = taskArgs[name as TaskName].safeParse(args);
      if (!parsed.success) {
        const detail = parsed.error.issues.map((i) => ({ loc: ['query', 'args', ...i.path], msg: i.message, type: i.code }));
        throw http(422, detail, detail[0]!.msg);
      }
      const running = store.tasks.find((x) => x.name === name && (x.state === 'STARTED' || x.state === 'PROGRESS'));
      if (query.prevent_concurrent && running) throw http(409, `Task ${name} is already running (${running.id})`, `Task ${name} is already running (${running.id})`);
      return newTask(name as TaskName, args);
    },
    'utility.testCelery': () => newTask('system.test', { steps: 5 }),
    'utility.testEmail': (input: CallInput) => ({ msg: `Test email sent to ${q(input).email_to}`, transport: 'outbox', message_id: '<m-1@bazaar>' }),
    'services.list': () => ({ data: store.services, count: store.services.length }),
    'services.sendCommand': (input: CallInput) => {
      const query = q(input);
      const found = store.services.find((s) => s.name === query.service_name);
      if (!found) throw http(404, 'Unknown service', 'Unknown service');
      const command = String(query.command);
      if (!found.commands.some((c) => c.name === command)) {
        const message = `Service ${found.name} does not know the command "${command}"; it knows ${found.commands.map((c) => c.name).join(', ')}`;
        throw http(422, message, message);
      }
      if (command === 'stop') Object.assign(found, { status: 'stopped', started_at: null });
      if (command === 'start' || command === 'restart') Object.assign(found, { status: 'running', started_at: NOW });
      found.updated_at = later(found.updated_at);
      return { command, service: { ...found }, result: null, msg: `${command} done` };
    },
  };
  // As in the signals harness, an error set in `failNext` answers that endpoint's next call.
  for (const [id, route] of Object.entries(routes)) {
    server.routes[id] = (input: CallInput) => {
      const failure = server.state.failNext[id];
      if (!failure) return route(input);
      delete server.state.failNext[id];
      throw failure;
    };
  }
  return { server, store };
}
