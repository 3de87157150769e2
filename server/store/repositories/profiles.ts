import type { Kysely } from 'kysely';
import type { Database, ProfilesTable } from '../schema';

type Db = Kysely<Database>;

export const profilesRepository = {
  find(db: Db, userId: number) {
    return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  /** Writes the whole row; callers merge the change onto the current profile first. */
  async save(db: Db, row: ProfilesTable) {
    await db
      .insertInto('profiles')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row }))
      .execute();
  },
};
