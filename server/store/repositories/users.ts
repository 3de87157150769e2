import type { Kysely } from 'kysely';
import type { User } from '../../../contract/accounts/schemas';
import type { Database, NewUserRow, UserRow, UserRowUpdate } from '../schema';
import { toBool, toIso } from './times';

export type Db = Kysely<Database>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    is_active: toBool(row.is_active),
    is_superuser: toBool(row.is_superuser),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export const usersRepository = {
  findById(db: Db, id: number) {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Emails are stored lower-cased, so look them up the same way. */
  findByEmail(db: Db, email: string) {
    return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  },

  async list(db: Db, skip: number, limit: number) {
    const rows = await db.selectFrom('users').selectAll().orderBy('id').offset(skip).limit(limit).execute();
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { rows, count: Number(count) };
  },

  async count(db: Db): Promise<number> {
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  },

  insert(db: Db, row: NewUserRow) {
    return db
      .insertInto('users')
      .values({ ...row, email: row.email.toLowerCase() })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(db: Db, id: number, patch: UserRowUpdate) {
    const values = patch.email ? { ...patch, email: patch.email.toLowerCase() } : patch;
    return db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  },
};
