import { MAX_CURVE_POINTS, type BacktestTrade } from '../../../../contract/signals/backtest';
import { combineCurves } from './combine';
import { curveStats, YEAR_MS } from './curveStats';
import { toDecimal } from './decimal';
import { downsampleIndices } from './downsample';
import { monthlyReturns } from './monthly';
import { SymbolSimulation, type TradeRecord } from './simulation';
import { tradeStats } from './tradeStats';
import type { BacktestInput, BacktestOutcome } from './types';

const DEFAULT_CHUNK = 50_000;
/** CAGR of a very short, very good range overflows (1.1^8760 for an hour of 1m candles); it is capped here. */
export const CAGR_CAP = 1e9;

const utc = () => 0;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Replays a strategy over stored candles, one account per symbol, and measures it. Pure and
 * deterministic: no clock, no randomness, the same input gives a deep-equal result. Async only to
 * give the event loop a turn between chunks (progress, cancellation).
 *
 * Several symbols: the initial balance is split equally and each symbol trades its own share
 * (a signal on one never starves another of cash); the account is their sum. A symbol without a
 * candle in range makes the whole run fail with an Error naming it, rather than a result that
 * silently holds cash for it.
 */
export async function runBacktest(input: BacktestInput): Promise<BacktestOutcome> {
  const { strategy, symbols, timeframeMs } = input;
  if (symbols.length === 0) throw new Error('No symbols to backtest');
  if (!(input.initialBalance > 0)) throw new Error('The initial balance must be greater than zero');
  if (!(input.positionSize > 0 && input.positionSize <= 1)) throw new Error('The position size must be in (0, 1]');
  if (!(input.feeRate >= 0 && input.feeRate < 1)) throw new Error('The fee rate must be in [0, 1)');
  if (!(timeframeMs > 0)) throw new Error('The timeframe must be positive');
  const from = input.from ?? -Infinity;
  const to = input.to ?? Infinity;
  const decimals = input.decimals ?? 8;
  const offsetOf = input.utcOffsetMs ?? utc;
  const chunk = Math.max(1, input.chunkSize ?? DEFAULT_CHUNK);
  input.signal?.throwIfAborted();

  const share = input.initialBalance / symbols.length;
  const runs = symbols.map(
    (s, symbolIndex) =>
      new SymbolSimulation(s.candles, strategy.createScorer({ utcOffsetMs: offsetOf }), strategy.entry, strategy.exit, {
        symbolIndex,
        cash: share,
        feeRate: input.feeRate,
        positionSize: input.positionSize,
        timeframeMs,
        from,
        to,
      }),
  );
  const empty = symbols.filter((_, i) => runs[i]!.length === 0).map((s) => s.symbol);
  if (empty.length > 0) throw new Error(`No candles in the requested range for ${empty.join(', ')}`);

  const total = runs.reduce((n, run) => n + run.end, 0);
  let done = 0;
  for (const run of runs) {
    while (!run.finished) {
      done += run.step(chunk);
      input.onProgress?.(done, total);
      if (done < total) {
        await nextTurn();
        input.signal?.throwIfAborted();
      }
    }
    run.finish();
  }

  const curve = combineCurves(runs);
  const startTime = curve.times[0]!;
  const kept = downsampleIndices(curve.times.length, MAX_CURVE_POINTS);
  const stats = curveStats(curve, timeframeMs, kept);
  // Each symbol's trades are in entry order already; several symbols interleave (a stable sort keeps symbol order on ties).
  const trades = runs.length === 1 ? runs[0]!.trades : runs.flatMap((run) => run.trades).sort((a, b) => a.entryTime - b.entryTime);
  const overall = tradeStats(trades);
  const last = curve.equity.length - 1;
  const finalEquity = curve.equity[last]!;
  const years = (curve.times[last]! - startTime) / YEAR_MS;
  const growth = finalEquity / input.initialBalance;
  const cagr = growth <= 0 ? -1 : years > 0 ? Math.min(CAGR_CAP, Math.exp(Math.log(growth) / years) - 1) : 0;
  const money = (value: number) => toDecimal(value, decimals);
  const candleCount = runs.reduce((n, run) => n + run.length, 0);

  return {
    candle_count: candleCount,
    metrics: {
      total_return: growth - 1,
      cagr,
      max_drawdown: stats.maxDrawdown,
      sharpe: stats.sharpe,
      sortino: stats.sortino,
      win_rate: overall.winRate,
      profit_factor: overall.profitFactor,
      trade_count: overall.count,
      exposure: runs.reduce((n, run) => n + run.barsHeld, 0) / candleCount,
      buy_and_hold_return: curve.buyAndHold[last]! / input.initialBalance - 1,
      final_equity: money(finalEquity),
      net_profit: money(finalEquity - input.initialBalance),
      fees_paid: money(runs.reduce((sum, run) => sum + run.feesPaid, 0)),
    },
    per_symbol: runs.map((run, i) => {
      const own = tradeStats(run.trades);
      return {
        symbol: symbols[i]!.symbol,
        trade_count: own.count,
        net_profit: money(run.finalEquity - run.share),
        win_rate: own.winRate,
        buy_and_hold_return: run.buyAndHold[run.length]! / run.share - 1,
      };
    }),
    trades: trades.map((trade) => formatTrade(trade, input, money)),
    equity_curve: kept.map((i, k) => ({
      timestamp: curve.times[i]!,
      equity: money(curve.equity[i]!),
      buy_and_hold: money(curve.buyAndHold[i]!),
      drawdown: stats.drawdownAt[k]!,
    })),
    monthly_returns: monthlyReturns(curve, offsetOf),
  };
}

function formatTrade(trade: TradeRecord, input: BacktestInput, money: (value: number) => string): BacktestTrade {
  const symbol = input.symbols[trade.symbolIndex]!;
  return {
    market: symbol.market,
    symbol: symbol.symbol,
    entry_time: trade.entryTime,
    entry_price: money(trade.entryPrice),
    entry_score: trade.entryScore,
    exit_time: trade.exitTime,
    exit_price: money(trade.exitPrice),
    exit_score: trade.exitScore,
    exit_reason: trade.exitReason,
    amount: money(trade.amount),
    fees: money(trade.fees),
    pnl: money(trade.pnl),
    return: trade.return,
    bars_held: trade.barsHeld,
  };
}
