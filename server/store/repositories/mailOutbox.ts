import type { Insertable, Kysely } from 'kysely';
import type { Database, MailOutboxTable } from '../schema';

type Db = Kysely<Database>;

export const mailOutboxRepository = {
  insert(db: Db, row: Insertable<MailOutboxTable>) {
    return db.insertInto('mail_outbox').values(row).returningAll().executeTakeFirstOrThrow();
  },

  listTo(db: Db, toAddress: string) {
    return db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', toAddress.toLowerCase())
      .orderBy('id', 'desc')
      .execute();
  },
};

export async function setMailStatus(db: Db, id: number, status: 'sent' | 'failed', error: string | null = null) {
  await db.updateTable('mail_outbox').set({ status, error }).where('id', '=', id).execute();
}
