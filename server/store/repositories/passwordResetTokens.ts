import type { Kysely } from 'kysely';
import type { Database, PasswordResetTokensTable } from '../schema';

type Db = Kysely<Database>;

export const passwordResetTokensRepository = {
  async insert(db: Db, row: PasswordResetTokensTable) {
    await db.insertInto('password_reset_tokens').values(row).execute();
  },

  /**
   * Marks a token used if it still may be; returns whether this call was the one that used it,
   * so two resets racing with the same token cannot both succeed.
   */
  async consume(db: Db, jti: string, now: number): Promise<{ userId: number } | undefined> {
    const row = await db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('jti', '=', jti)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id'])
      .executeTakeFirst();
    return row ? { userId: row.user_id } : undefined;
  },

  /** After a reset, every other outstanding link for that user stops working. */
  async retireAllForUser(db: Db, userId: number, now: number) {
    await db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  },
};
