import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { TransactionType } from '../../../../contract/codes';
import type {
  AllLastBalances,
  AllLastBalancesQuery,
  BalanceChange,
  BalanceHistory,
  BalanceHistoryPoint,
  BalanceHistoryQuery,
  BalanceUpdate,
  LedgerEntry,
  LedgerPage,
  LedgerQuery,
  NewTransaction,
  RealTimeValue,
  RealTimeValueQuery,
  SymbolLastBalance,
  SymbolLastBalanceQuery,
} from '../../../../contract/portfolio/ledger';
import type { Bus } from '../../../live/bus';
import { ledgerRepository, toBalance, toTransaction } from '../../../store/repositories/ledger';
import type { Database } from '../../../store/schema';
import type { BalanceRow } from '../../../store/tables/ledgerTables';
import { ValidationError } from '../../errors';
import { writeTransaction, type TransactionInput } from './ledgerWriter';
import type { LivePrices } from './livePrices';
import { COST_PLACES, Dec, ZERO, dec, rounded, str } from './money';
import { createOutbox } from './portfolioTopic';
import type { SceneReader } from './scene';
import { valueHoldings, type PriceAt } from './valuation';

type Db = Kysely<Database>;

const MINUTE = 60_000;
const TIMEFRAME_MS: Record<string, number> = {
  '1m': MINUTE, '3m': 3 * MINUTE, '5m': 5 * MINUTE, '15m': 15 * MINUTE, '30m': 30 * MINUTE,
  '1h': 60 * MINUTE, '2h': 120 * MINUTE, '4h': 240 * MINUTE, '12h': 720 * MINUTE, '1d': 1440 * MINUTE,
};

const TRADES: readonly number[] = [TransactionType.buy, TransactionType.sell, TransactionType.trade];

/** The balances rows: the ledger read and written, last balances, history and live value. */
export function createBalancesService(deps: { db: Db; bus: Bus; prices: LivePrices; scenes: SceneReader }) {
  const { db, bus, prices, scenes } = deps;

  /** Holdings as of now (live prices) or as of a time (the price each snapshot was written at). */
  async function valued(portfolioId: number, market: string, asOf: number | undefined) {
    const rows = await ledgerRepository.lastBalances(db, portfolioId, asOf);
    const info = await scenes.info(market);
    const live = new Map<string, PriceAt | null>();
    if (asOf === undefined) for (const row of rows) live.set(row.symbol, dec(row.total).isZero() ? null : await prices.assetPrice(info, row.symbol));
    const priceOf = (symbol: string): PriceAt | null => {
      if (asOf === undefined) return live.get(symbol) ?? null;
      const row = rows.find((r) => r.symbol === symbol);
      return row?.price ? { price: dec(row.price), timestamp: row.timestamp } : null;
    };
    return { info, ...valueHoldings(rows, priceOf) };
  }

  async function record(userId: number, body: z.output<typeof NewTransaction>): Promise<LedgerEntry> {
    const portfolio = await scenes.owned(userId, body.portfolio_id);
    const info = await scenes.info(portfolio.market);
    const now = Date.now();
    if (body.timestamp !== undefined && body.timestamp > now) throw ValidationError.field(['body', 'timestamp'], 'must not be in the future');
    const isTrade = TRADES.includes(body.type);
    const quote = isTrade ? (body.quote_symbol ?? info.cash) : (body.quote_symbol ?? null);
    const feeSymbol = body.fee_symbol ?? (body.type === TransactionType.trade ? quote : body.symbol);
    scenes.requireAsset(info, body.symbol, ['body', 'symbol']);
    if (quote !== null) scenes.requireAsset(info, quote, ['body', 'quote_symbol']);
    if (quote === body.symbol) throw ValidationError.field(['body', 'quote_symbol'], 'quote_symbol must differ from symbol');
    if (feeSymbol !== null) scenes.requireAsset(info, feeSymbol, ['body', 'fee_symbol']);
    const input: TransactionInput = {
      type: body.type,
      symbol: body.symbol,
      amount: str(dec(body.amount)),
      price: body.price !== undefined ? str(dec(body.price)) : null,
      quote_symbol: isTrade ? quote : null,
      quote_amount: isTrade && body.price !== undefined ? str(dec(body.amount).times(dec(body.price))) : null,
      fee: str(dec(body.fee)),
      fee_symbol: dec(body.fee).isZero() ? null : feeSymbol,
      order_id: null,
      note: body.note ?? null,
      timestamp: body.timestamp ?? now,
    };
    const ctx = await scenes.writeContext(portfolio, info, [body.symbol, ...(quote ? [quote] : []), ...(feeSymbol ? [feeSymbol] : [])]);
    const outbox = createOutbox(bus);
    const entry = await db.transaction().execute((trx) => writeTransaction(trx, ctx, input));
    outbox.balance(portfolio.id, entry);
    await outbox.flush();
    return entry;
  }

  return {
    /** The ledger, paged: each transaction with the snapshots it wrote. */
    async readLedger(userId: number, q: z.output<typeof LedgerQuery>): Promise<LedgerPage> {
      await scenes.owned(userId, q.portfolio_id);
      const filter = { portfolioId: q.portfolio_id, symbol: q.symbol, types: q.type, orderId: q.order_id, from: q.from_timestamp, to: q.to_timestamp };
      const { rows, count } = await ledgerRepository.pageTransactions(db, filter, q.skip, q.limit, q.order);
      const balances = await ledgerRepository.balancesOfTransactions(db, rows.map((r) => r.id));
      return {
        data: rows.map((row) => ({ transaction: toTransaction(row), balances: balances.filter((b) => b.transaction_id === row.id).map(toBalance) })),
        count,
      };
    },

    async symbolLastBalance(userId: number, q: z.output<typeof SymbolLastBalanceQuery>): Promise<SymbolLastBalance> {
      const portfolio = await scenes.owned(userId, q.portfolio_id);
      const { holdings } = await valued(portfolio.id, portfolio.market, q.timestamp);
      return { portfolio_id: portfolio.id, symbol: q.symbol, holding: holdings.find((h) => h.symbol === q.symbol) ?? null };
    },

    async allLastBalances(userId: number, q: z.output<typeof AllLastBalancesQuery>): Promise<AllLastBalances> {
      const portfolio = await scenes.owned(userId, q.portfolio_id);
      const { holdings, totalValue, totalCost } = await valued(portfolio.id, portfolio.market, q.timestamp);
      const minSize = q.minimum_size !== undefined ? dec(q.minimum_size) : undefined;
      const minValue = q.minimum_value !== undefined ? dec(q.minimum_value) : undefined;
      const data = holdings.filter((h) => {
        const total = dec(h.total);
        if (total.isZero() && !q.include_zero) return false;
        if (minSize && total.lessThan(minSize)) return false;
        if (minValue && h.market_value !== null && dec(h.market_value).lessThan(minValue)) return false;
        return true;
      });
      return {
        portfolio_id: portfolio.id,
        currency: portfolio.currency as AllLastBalances['currency'],
        timestamp: q.timestamp ?? Date.now(),
        data,
        total_value: totalValue ? rounded(totalValue, COST_PLACES) : null,
        total_cost_basis: rounded(totalCost, COST_PLACES),
      };
    },

    /**
     * Buckets of a timeframe; each point is the holdings at the bucket's close, valued at the
     * price stored with their last snapshot (the price known when the balance last changed).
     */
    async history(userId: number, q: z.output<typeof BalanceHistoryQuery>): Promise<BalanceHistory> {
      const portfolio = await scenes.owned(userId, q.portfolio_id);
      const step = TIMEFRAME_MS[q.timeframe] ?? TIMEFRAME_MS['1d']!;
      const end = q.to_timestamp ?? Date.now();
      const first = Math.floor((q.from_timestamp ?? end - (q.limit - 1) * step) / step) * step;
      const buckets = Math.min(q.limit, Math.max(1, Math.ceil((end - first) / step)));
      const state = new Map<string, BalanceRow>();
      for (const row of await ledgerRepository.lastBalances(db, portfolio.id, first - 1)) state.set(row.symbol, row);
      const rows = await ledgerRepository.balancesBetween(db, portfolio.id, first, first + buckets * step, q.symbol);
      const flows = await ledgerRepository.flowsBetween(db, portfolio.id, first, first + buckets * step);
      const info = await scenes.info(portfolio.market);
      const points: BalanceHistoryPoint[] = [];
      let r = 0;
      let f = 0;
      for (let i = 0; i < buckets; i++) {
        const open = first + i * step;
        const close = open + step;
        while (r < rows.length && rows[r]!.timestamp < close) state.set(rows[r]!.symbol, rows[r++]!);
        let netFlow = ZERO;
        while (f < flows.length && flows[f]!.timestamp < close) {
          const t = flows[f++]!;
          if (q.symbol !== undefined && t.symbol !== q.symbol) continue;
          const unit = t.symbol === info.cash ? dec(1) : t.price ? dec(t.price) : ZERO;
          const amount = dec(t.amount).times(unit);
          netFlow = t.type === TransactionType.deposit ? netFlow.plus(amount) : netFlow.minus(amount);
        }
        const held = q.symbol !== undefined ? [state.get(q.symbol)].filter((b): b is BalanceRow => b !== undefined) : [...state.values()];
        let value: Dec | null = ZERO;
        let cost = ZERO;
        for (const b of held) {
          cost = cost.plus(dec(b.cost_basis));
          if (dec(b.total).isZero()) continue;
          value = value && b.price !== null ? value.plus(dec(b.total).times(dec(b.price))) : null;
        }
        points.push({
          timestamp: open,
          total: q.symbol !== undefined ? (held[0]?.total ?? '0') : null,
          value: value ? rounded(value, COST_PLACES) : null,
          cost_basis: rounded(cost, COST_PLACES),
          net_flow: rounded(netFlow, COST_PLACES),
        });
      }
      return { portfolio_id: portfolio.id, symbol: q.symbol ?? null, currency: portfolio.currency as BalanceHistory['currency'], timeframe: q.timeframe, points };
    },

    record,

    /** Reconciles to a counted total by writing the difference as a deposit or withdrawal. */
    async reconcile(userId: number, body: z.output<typeof BalanceUpdate>): Promise<BalanceChange> {
      const portfolio = await scenes.owned(userId, body.portfolio_id);
      const info = await scenes.info(portfolio.market);
      scenes.requireAsset(info, body.symbol, ['body', 'symbol']);
      const last = await ledgerRepository.lastBalance(db, portfolio.id, body.symbol);
      const current = last ? dec(last.total) : ZERO;
      const diff = dec(body.total).minus(current);
      if (diff.isZero()) return { transaction: null, balances: [] };
      const avg = last && !current.isZero() ? dec(last.cost_basis).div(current) : null;
      const price = body.price ?? (diff.isPositive() && avg && !avg.isZero() ? rounded(avg, COST_PLACES) : undefined);
      const entry = await record(userId, {
        portfolio_id: portfolio.id,
        type: diff.isPositive() ? TransactionType.deposit : TransactionType.withdrawal,
        symbol: body.symbol,
        amount: str(diff.abs()),
        ...(price !== undefined && diff.isPositive() ? { price } : {}),
        fee: '0',
        ...(body.timestamp !== undefined ? { timestamp: body.timestamp } : {}),
        note: body.note ?? 'reconciled to a counted total',
      });
      return entry;
    },

    async realTimeValue(userId: number, q: z.output<typeof RealTimeValueQuery>): Promise<RealTimeValue> {
      const portfolio = await scenes.owned(userId, q.portfolio_id);
      const info = await scenes.info(portfolio.market);
      scenes.requireAsset(info, q.symbol, ['query', 'symbol']);
      const amount = q.amount !== undefined ? dec(q.amount) : dec((await ledgerRepository.lastBalance(db, portfolio.id, q.symbol))?.total ?? '0');
      const price = await prices.assetPrice(info, q.symbol);
      return {
        portfolio_id: portfolio.id,
        symbol: q.symbol,
        amount: str(amount),
        currency: portfolio.currency as RealTimeValue['currency'],
        price: price ? str(price.price) : null,
        value: price ? rounded(amount.times(price.price), COST_PLACES) : null,
        priced_at: price ? price.timestamp : null,
      };
    },

    /** Figures of the portfolio summary (value, cost, PnL, day change, holdings) for portfoliosService. */
    async summaryFigures(portfolioId: number, market: string, now: number) {
      const { holdings, totalValue, totalCost } = await valued(portfolioId, market, undefined);
      const dayAgo = now - 24 * 3_600_000;
      const before = await valued(portfolioId, market, dayAgo);
      const flows = await ledgerRepository.flowsBetween(db, portfolioId, dayAgo, now + 1);
      const info = await scenes.info(market);
      let net = ZERO;
      for (const t of flows) {
        const unit = t.symbol === info.cash ? dec(1) : t.price ? dec(t.price) : ZERO;
        net = t.type === TransactionType.deposit ? net.plus(dec(t.amount).times(unit)) : net.minus(dec(t.amount).times(unit));
      }
      const then = before.totalValue;
      const change = totalValue && then ? totalValue.minus(then).minus(net) : null;
      return {
        total_value: totalValue ? rounded(totalValue, COST_PLACES) : null,
        cost_basis: rounded(totalCost, COST_PLACES),
        unrealized_pnl: totalValue ? rounded(totalValue.minus(totalCost), COST_PLACES) : null,
        day_change_value: change ? rounded(change, COST_PLACES) : null,
        day_change_pct: change && then && !then.plus(net).isZero() && then.plus(net).isPositive() ? rounded(change.div(then.plus(net)).times(100), 4) : null,
        holdings_count: holdings.filter((h) => !dec(h.total).isZero()).length,
      };
    },
  };
}

export type BalancesService = ReturnType<typeof createBalancesService>;
