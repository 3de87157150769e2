import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { User, UserCreate, UserOpen, UserUpdate } from '../../../contract/accounts/schemas';
import type { Database, UserRow, UserRowUpdate } from '../../store/schema';
import { toUser, usersRepository } from '../../store/repositories/users';
import { fromBool } from '../../store/repositories/times';
import { foldForSearch } from '../markets/listQuery';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';

/** The one wording for a wrong email or a wrong password, so neither reveals which it was. */
export const BAD_CREDENTIALS = 'Incorrect email or password';

/** Letters `foldForSearch` folds, folded the same way in SQL so the stored text meets the typed text. */
const SQL_FOLDS: readonly [string, string][] = [
  ['ي', 'ی'],
  ['ى', 'ی'],
  ['ك', 'ک'],
  ['\u200c', ''],
];

function foldedColumn(column: 'email' | 'full_name'): RawBuilder<string> {
  return SQL_FOLDS.reduce<RawBuilder<string>>((text, [from, to]) => sql`replace(${text}, ${from}, ${to})`, sql`lower(${sql.ref(column)})`);
}

/**
 * A LIKE pattern finding `text` anywhere, with `%`, `_` and the escape character `!` taken as
 * themselves: an admin searching `a_b` means those three letters, not "a, any letter, b".
 */
function containsPattern(text: string): string {
  return `%${foldForSearch(text).replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** The user-list filter for a search: the email or the name contains `q`, ignoring case. */
function matchesSearch(q: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(q);
  return sql<SqlBool>`(${foldedColumn('email')} like ${pattern} escape '!' or ${foldedColumn('full_name')} like ${pattern} escape '!')`;
}

export interface UserListFilter {
  skip: number;
  limit: number;
  q?: string;
}

export interface Actor {
  id: number;
  isSuperuser: boolean;
}

export function createAccountsService(deps: { db: Kysely<Database>; openRegistration: boolean }) {
  const { db } = deps;

  async function authenticate(email: string, password: string): Promise<UserRow> {
    const row = await usersRepository.findByEmail(db, email.trim());
    // Check a password either way, so an unknown email costs the same time as a wrong password.
    const valid = await verifyPassword(password, row?.hashed_password ?? (await DUMMY_HASH_PROMISE));
    if (!row || !valid) throw new BadRequestError(BAD_CREDENTIALS);
    if (!row.is_active) throw new ForbiddenError('This account is disabled');
    return row;
  }

  async function create(input: UserCreate): Promise<User> {
    const email = input.email.toLowerCase();
    if (await usersRepository.findByEmail(db, email)) {
      throw new ConflictError('A user with this email already exists');
    }
    const now = Date.now();
    try {
      const row = await usersRepository.insert(db, {
        email,
        hashed_password: await hashPassword(input.password),
        full_name: input.full_name ?? null,
        is_active: fromBool(input.is_active ?? true),
        is_superuser: fromBool(input.is_superuser ?? false),
        created_at: now,
        updated_at: now,
      });
      return toUser(row);
    } catch (error) {
      // Two sign-ups racing for one email: the unique index decides, the loser hears 409.
      if (await usersRepository.findByEmail(db, email)) throw new ConflictError('A user with this email already exists');
      throw error;
    }
  }

  async function register(input: UserOpen): Promise<User> {
    if (!deps.openRegistration) throw new ForbiddenError('Open registration is closed on this server');
    return create({ ...input, is_active: true, is_superuser: false });
  }

  /** Yourself, or anyone for an admin; any other user answers 404 so ids reveal nothing. */
  async function get(actor: Actor, userId: number): Promise<User> {
    if (!actor.isSuperuser && actor.id !== userId) throw new NotFoundError('User');
    const row = await usersRepository.findById(db, userId);
    if (!row) throw new NotFoundError('User');
    return toUser(row);
  }

  /** A page of users in id order; `count` is how many match the search before paging. */
  async function list({ skip, limit, q }: UserListFilter) {
    if (q === undefined) {
      const { rows, count } = await usersRepository.list(db, skip, limit);
      return { data: rows.map(toUser), count };
    }
    const matching = db.selectFrom('users').where(matchesSearch(q));
    const rows = await matching.selectAll().orderBy('id').offset(skip).limit(limit).execute();
    const { count } = await matching.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return { data: rows.map(toUser), count: Number(count) };
  }

  async function update(actor: Actor, userId: number, patch: UserUpdate): Promise<User> {
    const current = await usersRepository.findById(db, userId);
    if (!current || (!actor.isSuperuser && actor.id !== userId)) throw new NotFoundError('User');
    if (!actor.isSuperuser && (patch.is_active !== undefined || patch.is_superuser !== undefined)) {
      throw new ForbiddenError('Only an admin may change is_active or is_superuser');
    }
    const changes: UserRowUpdate = { updated_at: Date.now() };
    if (patch.email !== undefined && patch.email.toLowerCase() !== current.email) {
      if (await usersRepository.findByEmail(db, patch.email)) {
        throw new ConflictError('A user with this email already exists');
      }
      changes.email = patch.email.toLowerCase();
    }
    if (patch.full_name !== undefined) changes.full_name = patch.full_name;
    if (patch.password !== undefined) changes.hashed_password = await hashPassword(patch.password);
    if (patch.is_active !== undefined) changes.is_active = fromBool(patch.is_active);
    if (patch.is_superuser !== undefined) changes.is_superuser = fromBool(patch.is_superuser);
    await refuseLosingLastAdmin(current, changes);
    const row = await usersRepository.update(db, userId, changes);
    if (!row) throw new NotFoundError('User');
    return toUser(row);
  }

  /** The system must keep one active admin, or nobody could run it from the browser again. */
  async function refuseLosingLastAdmin(current: UserRow, changes: UserRowUpdate) {
    const wasActiveAdmin = current.is_superuser === 1 && current.is_active === 1;
    const staysActiveAdmin = (changes.is_superuser ?? current.is_superuser) === 1 && (changes.is_active ?? current.is_active) === 1;
    if (!wasActiveAdmin || staysActiveAdmin) return;
    const others = await db
      .selectFrom('users')
      .select('id')
      .where('is_superuser', '=', 1)
      .where('is_active', '=', 1)
      .where('id', '!=', current.id)
      .limit(1)
      .executeTakeFirst();
    if (!others) throw new ConflictError('At least one active admin must remain');
  }

  return { authenticate, create, register, get, list, update };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
