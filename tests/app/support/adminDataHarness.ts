import type { User } from '../../../contract/accounts/schemas';
import type { MarketSymbol, SubMarket } from '../../../contract/market/lists';
import type { AuditEntry } from '../../../contract/system/audit';
import { ApiError } from '../../../src/services/apiErrors';
import type { CallInput } from '../../../src/services/apiClient';
import { createServer, NOW, SYMBOLS } from './signalsHarness';

export const ADMIN: User = { id: 1, email: 'admin@b.test', full_name: 'Admin', is_active: true, is_superuser: true, created_at: NOW, updated_at: NOW };

export function user(id: number, extra: Partial<User> = {}): User {
  return { id, email: `trader${id}@b.test`, full_name: `Trader ${id}`, is_active: true, is_superuser: false, created_at: NOW, updated_at: NOW, ...extra };
}

export function auditEntry(id: number, extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id, at: new Date(Date.parse(NOW) + id * 60_000).toISOString(), user_id: 1, user_email: ADMIN.email, action: 'market.setSetting', method: 'POST',
    path: '/api/core/market/settings/fee_rate', target: 'crypto/fee_rate', details: { name: 'fee_rate', body: { market: 'crypto', value: 0.002 } }, status_code: 200, ...extra,
  };
}

const conflict = (detail: string) => new ApiError('HTTP_ERROR', 409, { detail }, detail);
const unprocessable = (field: string, msg: string) => new ApiError('HTTP_ERROR', 422, { detail: [{ loc: ['body', field], msg, type: 'custom' }] }, msg);
const subItem = (id: number, name: string, fa: string, en: string, is_active = true): SubMarket => ({ id, market: 'crypto', name, title: { fa, en }, is_active, created_at: NOW, updated_at: NOW });

/**
 * The signals harness's in-memory server plus what the admin data screens read and change: users
 * (searched and paged like the server), market settings and lists, the two task-starting calls,
 * and the audit log. The rules the screens must show are kept: a taken email is a 409, so is
 * demoting the last active admin; an email at `refused.test` gets a 422 on its field.
 */
export function adminDataServer(options: { users?: User[]; audit?: AuditEntry[] } = {}) {
  const server = createServer();
  const store = {
    users: [ADMIN, ...(options.users ?? [])],
    settings: { crypto: { fee_rate: 0.001, live_interval_ms: 1000 } } as Record<string, Record<string, unknown>>,
    symbols: (SYMBOLS.crypto ?? []).map((s) => ({ ...s, title: { ...s.title } })) as MarketSymbol[],
    audit: options.audit ?? [],
    recoveryMails: [] as string[],
    nextId: 900,
  };
  const q = (input: CallInput) => (input.query ?? {}) as Record<string, string | number | undefined>;
  const b = (input: CallInput) => input.body as Record<string, any>;
  const page = <T>(rows: T[], input: CallInput, skipKey = 'skip') => {
    const skip = Number(q(input)[skipKey] ?? 0);
    const limit = Number(q(input).limit ?? 100);
    return { data: rows.slice(skip, skip + limit), count: rows.length };
  };
  const stamp = () => new Date(Date.parse(NOW) + store.nextId++ * 1000).toISOString();

  Object.assign(server.routes, {
    'accounts.list': (input: CallInput) => {
      const needle = String(q(input).q ?? '').toLowerCase();
      return page(store.users.filter((u) => !needle || u.email.includes(needle) || (u.full_name ?? '').toLowerCase().includes(needle)), input);
    },
    'accounts.create': (input: CallInput) => {
      const body = b(input);
      if (body.email.endsWith('@refused.test')) throw unprocessable('email', 'this domain is not accepted');
      if (store.users.some((u) => u.email === body.email.toLowerCase())) throw conflict('A user with this email already exists');
      const created = user(store.nextId++, { email: body.email.toLowerCase(), full_name: body.full_name ?? null, is_active: body.is_active, is_superuser: body.is_superuser });
      store.users.push(created);
      return created;
    },
    'accounts.update': (input: CallInput) => {
      const id = Number((input.params as { userId: number }).userId);
      const current = store.users.find((u) => u.id === id)!;
      const next = { ...current, ...b(input), updated_at: stamp() };
      const otherAdmins = store.users.filter((u) => u.id !== id && u.is_active && u.is_superuser);
      if (current.is_active && current.is_superuser && !(next.is_active && next.is_superuser) && !otherAdmins.length) {
        throw conflict('At least one active admin must remain');
      }
      Object.assign(current, next);
      return { ...current };
    },
    'auth.passwordRecovery': (input: CallInput) => {
      store.recoveryMails.push(String((input.params as { email: string }).email));
      return { msg: 'Password recovery email sent' };
    },
    'market.getSettings': (input: CallInput) => ({ market: q(input).market, settings: { ...(store.settings[String(q(input).market)] ?? {}) } }),
    'market.setSetting': (input: CallInput) => {
      const { market, value } = b(input);
      const name = String((input.params as { name: string }).name);
      (store.settings[market] ??= {})[name] = value;
      return { market, name, value, updated_at: stamp() };
    },
    'market.getList': (input: CallInput) => {
      const name = (input.params as { name: string }).name;
      if (name === 'sub_markets') return { list: name, ...page([subItem(1, 'spot', 'نقدی', 'Spot')], input) };
      if (name === 'categories') return { list: name, ...page([subItem(2, 'defi', 'دیفای', 'DeFi', false)], input) };
      const needle = String(q(input).search ?? '').toLowerCase();
      const rows = q(input).market === 'crypto' ? store.symbols : [];
      return { list: name, ...page(rows.filter((s) => !needle || s.name.toLowerCase().includes(needle) || s.title.en.toLowerCase().includes(needle)), input) };
    },
    'market.updateListItem': (input: CallInput) => {
      const symbol = store.symbols.find((s) => s.id === Number((input.params as { id: number }).id))!;
      Object.assign(symbol, b(input), { updated_at: stamp() });
      return { list: 'symbols', data: { ...symbol } };
    },
    'market.createListItem': (input: CallInput) => {
      const body = b(input);
      if (store.symbols.some((s) => s.name === body.name)) throw conflict(`A symbol named ${body.name} already exists in crypto`);
      const created: MarketSymbol = {
        id: store.nextId++, market: body.market, name: body.name, title: body.title, main_symbol: body.main_symbol, quote_symbol: body.quote_symbol,
        sub_market: null, category: null, is_active: true, price_precision: 8, min_order_size: '0', created_at: NOW, updated_at: NOW,
      };
      store.symbols.push(created);
      return { list: 'symbols', data: created };
    },
    'market.initNewSymbol': () => ({ task_id: 'task-42', task_name: 'market.backfill', state: 'PENDING' }),
    'market.dataUpdate': () => ({ task_id: 'task-43', task_name: 'market.data_update', state: 'PENDING' }),
    'audit.list': (input: CallInput) => {
      const { action, outcome, q: text } = q(input);
      const rows = store.audit
        .filter((e) => !action || e.action === action)
        .filter((e) => !outcome || (outcome === 'ok') === (e.status_code < 300))
        .filter((e) => !text || `${e.path} ${e.target ?? ''}`.includes(String(text)))
        .sort((x, y) => y.id - x.id);
      return page(rows, input, 'offset');
    },
  });
  return { server, store };
}
