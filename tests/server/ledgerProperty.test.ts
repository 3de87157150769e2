import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../server/domain/errors';
import { checkLedger } from '../../server/domain/portfolios/ledger/checkLedger';
import { writeTransaction } from '../../server/domain/portfolios/ledger/ledgerWriter';
import { Dec, dec, str } from '../../server/domain/portfolios/ledger/money';
import { ledgerRepository } from '../../server/store/repositories/ledger';
import { portfoliosRepository } from '../../server/store/repositories/portfolios';
import { startTestServer, type TestServer } from './support/testServer';

/** Random ledger operations with amounts of up to 4 decimals (so sums are exact but not round). */
const amount = fc.integer({ min: 1, max: 2_000_000 }).map((n) => str(dec(n).div(10_000)));
const op = fc.oneof(
  fc.record({ type: fc.constantFrom(10, 11, 20, 21), symbol: fc.constantFrom('USDT', 'BTC'), amount }),
  fc.record({ type: fc.constantFrom(30, 40), symbol: fc.constant('BTC'), amount, price: amount, fee: fc.constantFrom('0', '0.01', '1.2345') }),
);

describe('ledger properties', () => {
  let ts: TestServer;
  let owner: number;

  beforeAll(async () => {
    ts = await startTestServer();
    owner = (await ts.createUser('prop@bazaar.test')).id;
  });
  afterAll(async () => ts?.close());

  it('the last balance of every symbol equals the replayed sum of its transactions, and overdrafts write nothing', async () => {
    const db = ts.server.store.db;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const portfolio = await portfoliosRepository.insert(db, owner, { name: 'p', description: null, market: 'crypto', currency: 20, status: 10, account_type: 10, broker_id: null }, Date.now());
        const ctx = { portfolioId: portfolio.id, cash: 'USDT', prices: new Map<string, Dec | null>([['USDT', dec(1)], ['BTC', dec(20000)]]) };
        // An independent model: totals per symbol, refusing whatever would go below zero.
        const model = new Map<string, Dec>([['USDT', dec(0)], ['BTC', dec(0)]]);
        for (const o of ops) {
          const trade = o.type === 30 || o.type === 40;
          const qa = trade ? dec(o.amount).times(dec((o as { price: string }).price)) : dec(0);
          const fee = trade ? dec((o as { fee: string }).fee) : dec(0);
          const next = new Map(model);
          const add = (s: string, d: Dec) => next.set(s, next.get(s)!.plus(d));
          if (o.type === 10 || o.type === 11) add(o.symbol, dec(o.amount));
          if (o.type === 20 || o.type === 21) add(o.symbol, dec(o.amount).neg());
          if (o.type === 30) {
            add('BTC', dec(o.amount));
            add('USDT', qa.plus(fee).neg());
          }
          if (o.type === 40) {
            add('BTC', dec(o.amount).neg());
            add('USDT', qa.minus(fee));
          }
          const refused = [...next.values()].some((v) => v.isNegative());
          let threw = false;
          try {
            await db.transaction().execute((trx) =>
              writeTransaction(trx, ctx, {
                type: o.type,
                symbol: o.symbol,
                amount: o.amount,
                price: trade ? (o as { price: string }).price : null,
                quote_symbol: trade ? 'USDT' : null,
                quote_amount: trade ? str(qa) : null,
                fee: str(fee),
                fee_symbol: fee.isZero() ? null : 'USDT',
                order_id: null,
                note: null,
                timestamp: Date.now(),
              }),
            );
          } catch (error) {
            if (!(error instanceof ConflictError)) throw error;
            threw = true;
          }
          expect(threw).toBe(refused);
          if (!refused) for (const [s, v] of next) model.set(s, v);
        }
        expect(await checkLedger(db, portfolio.id)).toEqual([]);
        for (const row of await ledgerRepository.lastBalances(db, portfolio.id)) {
          expect(row.total).toBe(str(model.get(row.symbol)!));
          expect(dec(row.cost_basis).isNegative()).toBe(false);
        }
      }),
      { numRuns: 30 },
    );
  });
});
