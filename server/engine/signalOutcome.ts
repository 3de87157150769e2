import type { Kysely } from 'kysely';
import { AccountType, ConfirmationMode, OrderStatus, OrderType, PortfolioStatus } from '../../contract/codes';
import type { Notification } from '../../contract/notifications/schemas';
import type { MarketSymbol } from '../../contract/market/lists';
import type { Signal, SignalOrder } from '../../contract/signals/scores';
import type { MarketsService } from '../domain/markets/marketsService';
import type { Database } from '../store/schema';
import { notificationsRepository } from '../store/repositories/notifications';
import { portfoliosRepository } from '../store/repositories/portfolios';
import { profilesRepository } from '../store/repositories/profiles';
import { signalsRepository, type SignalWrite } from '../store/repositories/signals';
import type { Bus } from '../live/bus';
import { loadMarketInfo, type MarketInfo } from '../domain/portfolios/ledger/marketInfo';
import { Dec, dec, str } from '../domain/portfolios/ledger/money';
import { placeOrder, type OrderScene } from '../domain/portfolios/ledger/orderFlow';
import { createOutbox, type Outbox } from '../domain/portfolios/ledger/portfolioTopic';
import type { PlannedSubscription } from './scoringPlan';

/** Quote value of a signal's order when the market has no `signal_order_value` setting. */
export const DEFAULT_SIGNAL_ORDER_VALUE = 100;


/** The notification's words in the owner's language (stored text: channels send it as it is). */
function signalText(language: string, s: { side: 'buy' | 'sell'; symbol: string; subscription: string; score: number; price: string; timeframe: string }) {
  if (language.startsWith('fa')) {
    const side = s.side === 'buy' ? 'خرید' : 'فروش';
    return {
      title: `سیگنال ${side} ${s.symbol}`,
      body: `اشتراک «${s.subscription}» در تایم‌فریم ${s.timeframe} به امتیاز ${s.score} رسید؛ قیمت ${s.price}.`,
    };
  }
  const side = s.side === 'buy' ? 'Buy' : 'Sell';
  return {
    title: `${side} signal: ${s.symbol}`,
    body: `Subscription "${s.subscription}" reached a score of ${s.score} on ${s.timeframe}; price ${s.price}.`,
  };
}

/**
 * What a signal becomes (DOMAIN.md): recorded once (a mark on the chart), a `signal` notification
 * to the subscription's owner, and through each active link an order in that portfolio — pending
 * the user's yes when the link asks for confirmation or the mode is `ask`, none in `notify only`,
 * else placed at once through the ledger's order path (a paper portfolio fills a market order at
 * the candle's close with the market's fee, writing the buy or sell and its balances; an order it
 * cannot pay is kept as rejected). A signal already recorded (the engine re-scoring a candle after
 * a restart) does nothing again.
 *
 * Two steps, so a candle close's signals are written in one transaction: `prepare` looks up what
 * they need (owners' languages, symbols, market settings) beforehand, `record` writes with the
 * transaction only. The caller pushes the notifications once the transaction has committed.
 */
export interface SignalContext {
  languages: Map<number, string>;
  symbols: Map<string, MarketSymbol>;
  settings: Map<string, { orderValue: number; feeRate: number }>;
  infos: Map<string, MarketInfo>;
  /** Portfolio socket messages of the orders and fills, published by `flush` after the commit. */
  outbox: Outbox;
}

/** Without a bus (older wiring) the portfolio messages of signal orders go nowhere. */
const silentBus: Bus = { publish: async () => undefined, subscribe: async () => () => undefined, close: async () => undefined };

export function createSignalOutcome(deps: { markets: MarketsService; bus?: Bus }) {
  const { markets, bus } = deps;

  const orderFor = async (db: Kysely<Database>, context: SignalContext, sub: PlannedSubscription, signal: Signal, link: PlannedSubscription['links'][number]): Promise<SignalOrder> => {
    const none = (reason: string): SignalOrder => ({ link_id: link.id, portfolio_id: link.portfolioId, order_id: null, status: null, reason });
    if (sub.confirmationMode === ConfirmationMode.notifyOnly) return none('notify only');
    const portfolio = await portfoliosRepository.findById(db, link.portfolioId);
    if (!portfolio || portfolio.owner_id !== sub.ownerId) return none('portfolio not found');
    if (portfolio.status !== PortfolioStatus.active) return none('portfolio is not active');
    if (portfolio.market !== signal.market) return none(`portfolio trades ${portfolio.market}, not ${signal.market}`);
    if (portfolio.account_type === AccountType.watchOnly) return none('watch-only portfolio');
    const symbol = context.symbols.get(`${signal.market}:${signal.symbol}`);
    const settings = context.settings.get(signal.market);
    const info = context.infos.get(signal.market);
    if (!symbol || !settings || !info) return none('symbol not found');
    const price = dec(signal.price);
    const amount = dec(settings.orderValue).div(price).toDecimalPlaces(8);
    if (amount.isZero()) return none('order value below one unit step');
    const ask = link.confirmation || sub.confirmationMode === ConfirmationMode.ask;
    // The signal's candle close is the fill price of a paper market order; the cash symbol is worth 1.
    const prices = new Map<string, Dec | null>([[info.cash, dec(1)]]);
    if (symbol.quote_symbol === info.cash) prices.set(symbol.main_symbol, price);
    const scene: OrderScene = {
      portfolio,
      ctx: { portfolioId: portfolio.id, cash: info.cash, prices },
      feeRate: info.feeRate,
      marketPrice: price,
      now: signal.timestamp,
    };
    const { order } = await placeOrder(
      db,
      context.outbox,
      scene,
      {
        portfolio_id: portfolio.id,
        market: signal.market,
        symbol: signal.symbol,
        main_symbol: symbol.main_symbol,
        quote_symbol: symbol.quote_symbol,
        side: signal.side,
        order_type: OrderType.market,
        status: OrderStatus.pendingConfirmation,
        timeframe: signal.timeframe,
        price: null,
        amount: str(amount),
        filled: '0',
        average_fill_price: null,
        fee: '0',
        fee_symbol: null,
        source: {
          type: 'signal',
          link_id: link.id,
          subscription_id: sub.id,
          strategy_id: sub.strategyId,
          score: signal.score,
          signal_timestamp: signal.timestamp,
        },
        rule_flags: [],
        reject_reason: null,
        note: null,
        client_order_id: null,
        timestamp: signal.timestamp,
        filled_at: null,
      },
      // Refusals (overdraft, a refusing rule) keep the order as rejected: the user sees what the signal tried.
      { mode: 'reject', awaitConfirmation: ask },
    );
    return { link_id: link.id, portfolio_id: portfolio.id, order_id: order.id, status: order.status, reason: order.reject_reason };
  };

  return {
    /** What `record` will need for these signals, read before the transaction. */
    async prepare(db: Kysely<Database>, signals: readonly { sub: PlannedSubscription; write: SignalWrite }[]): Promise<SignalContext> {
      const context: SignalContext = { languages: new Map(), symbols: new Map(), settings: new Map(), infos: new Map(), outbox: createOutbox(bus ?? silentBus) };
      for (const { sub, write } of signals) {
        if (!context.languages.has(sub.ownerId)) context.languages.set(sub.ownerId, (await profilesRepository.find(db, sub.ownerId))?.language ?? 'fa-IR');
        if (sub.links.length === 0) continue;
        const key = `${write.market}:${write.symbol}`;
        if (!context.symbols.has(key)) context.symbols.set(key, await markets.getSymbol(write.market, write.symbol));
        if (!context.infos.has(write.market)) context.infos.set(write.market, await loadMarketInfo(markets, write.market));
        if (!context.settings.has(write.market)) {
          context.settings.set(write.market, {
            orderValue: Number((await markets.getSetting<number>(write.market, 'signal_order_value')) ?? DEFAULT_SIGNAL_ORDER_VALUE),
            feeRate: Number((await markets.getSetting<number>(write.market, 'fee_rate')) ?? 0),
          });
        }
      }
      return context;
    },

    /** Publishes the portfolio messages of the orders `record` placed; call once the transaction has committed. */
    flush: (context: SignalContext) => context.outbox.flush(),

    /** Records the signal and acts on it, all with `db` (the caller's transaction); null when it was recorded before. */
    async record(db: Kysely<Database>, context: SignalContext, sub: PlannedSubscription, write: SignalWrite): Promise<{ signal: Signal; notification: Notification } | null> {
      const { signal, created } = await signalsRepository.insertSignal(db, write);
      if (!created) return null;
      const text = signalText(context.languages.get(sub.ownerId) ?? 'fa-IR', {
        side: signal.side,
        symbol: signal.symbol,
        subscription: sub.name,
        score: signal.score,
        price: signal.price,
        timeframe: signal.timeframe,
      });
      const notification = await notificationsRepository.insert(db, {
        user_id: sub.ownerId,
        ...text,
        priority: 30,
        category: 'signal',
        sub_category: signal.side === 'buy' ? 'entry' : 'exit',
        market: signal.market,
        symbol: signal.symbol,
        data: {
          signal_id: signal.id,
          subscription_id: sub.id,
          strategy_id: sub.strategyId,
          timeframe: signal.timeframe,
          score: signal.score,
          side: signal.side,
          timestamp: signal.timestamp,
        },
      });
      const orders: SignalOrder[] = [];
      for (const link of sub.links) orders.push(await orderFor(db, context, sub, signal, link));
      await signalsRepository.setOutcome(db, signal.id, { notification_id: notification.id, orders });
      return { signal: { ...signal, notification_id: notification.id, orders }, notification };
    },
  };
}

export type SignalOutcome = ReturnType<typeof createSignalOutcome>;
