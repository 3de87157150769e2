import { sql, type Insertable, type Kysely } from 'kysely';
import type { Quote } from '../../../contract/general/schemas';
import type { Database, QuoteRow, QuotesTable } from '../schema';

type Db = Kysely<Database>;

export function toQuote(row: QuoteRow): Quote {
  return {
    id: row.id,
    text: { fa: row.text_fa, en: row.text_en },
    author: row.author_fa !== null && row.author_en !== null ? { fa: row.author_fa, en: row.author_en } : null,
  };
}

export const quotesRepository = {
  findById(db: Db, id: number) {
    return db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
  },

  // random() exists in SQLite and PostgreSQL alike; the table is small.
  random(db: Db) {
    return db.selectFrom('quotes').selectAll().orderBy(sql`random()`).limit(1).executeTakeFirst();
  },

  async isEmpty(db: Db): Promise<boolean> {
    const row = await db.selectFrom('quotes').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  },

  async insertMany(db: Db, rows: Insertable<QuotesTable>[]) {
    if (rows.length > 0) await db.insertInto('quotes').values(rows).execute();
  },
};
