import type { Kysely } from 'kysely';
import type { AccountSecretsTable, Database } from '../schema';

type Db = Kysely<Database>;

export const accountSecretsRepository = {
  find(db: Db, userId: number) {
    return db.selectFrom('account_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  findByKey(db: Db, apiKey: string) {
    return db.selectFrom('account_secrets').selectAll().where('api_key', '=', apiKey).executeTakeFirst();
  },

  /** Inserts unless the user already has one (two first calls at once keep the first key). */
  async insertIfMissing(db: Db, row: AccountSecretsTable) {
    await db
      .insertInto('account_secrets')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  },
};
