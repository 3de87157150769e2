/**
 * Backtest kernel (issue 5): the EMA-cross + RSI built-in over 1,000,000 generated 1m candles on
 * one core, data generation excluded; target ≥ 5,000,000 candles/s. Beside it, in the same run,
 * the same strategy written plainly with technicalindicators' batch functions (EMA and RSI over
 * arrays, then the same rule loop and account), and TA-Lib's C indicators when the `talib`
 * package can be imported (TALIB_MODULE=/path/to/node_modules/talib to use one installed elsewhere).
 * Prints the medians and the ratios; run: npx tsx bench/backtest.ts
 */
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import * as ti from 'technicalindicators';
import { StrategyBody } from '../contract/signals/strategy-body';
import { runBacktest, type CandleColumns } from '../server/domain/signals/backtest';
import { SymbolSimulation } from '../server/domain/signals/backtest/simulation';
import { compileStrategy, detectSignal, EMA_CROSS_RSI } from '../server/domain/signals/strategy';

const CANDLES = 1_000_000;
const RUNS = 5;
const MIN = 60_000;
const FEE = 0.001;
const BALANCE = 10_000;
const TARGET = 5_000_000;

/** A seeded random walk as columns, so every run measures the same candles. */
function generate(count: number): CandleColumns {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const c = {
    open_time: new Float64Array(count),
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    volume: new Float64Array(count),
  };
  let price = 50_000;
  const start = Date.UTC(2023, 0, 1);
  for (let i = 0; i < count; i++) {
    const open = price;
    const close = Math.max(1, open * (1 + (random() - 0.5) * 0.004));
    c.open_time[i] = start + i * MIN;
    c.open[i] = open;
    c.close[i] = close;
    c.high[i] = Math.max(open, close) * (1 + random() * 0.001);
    c.low[i] = Math.min(open, close) * (1 - random() * 0.001);
    c.volume[i] = random() * 10;
    price = close;
  }
  return c;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rate = (ms: number) => (CANDLES / ms) * 1000;
const fmt = (perSecond: number) => `${(perSecond / 1e6).toFixed(2)} M candles/s`;
const line = (label: string, value: string, note = '') => console.log(`${label.padEnd(58)} ${value.padStart(20)}   ${note}`);

/** Library output (shorter, starting once warmed up) aligned to candle indices, NaN before. */
function align(values: ArrayLike<number>, length: number): Float64Array {
  const out = new Float64Array(length).fill(NaN);
  out.set(values as ArrayLike<number>, length - values.length);
  return out;
}

/** The built-in's four rules, entry 50 / exit −50, and the same long-only account as the kernel's simulation. */
function plainRules(close: Float64Array, fast: Float64Array, slow: Float64Array, rsi: Float64Array) {
  const n = close.length;
  const equity = new Float64Array(n);
  let previous = NaN;
  let cash = BALANCE;
  let amount = 0;
  let spent = 0;
  let trades = 0;
  for (let i = 0; i < n; i++) {
    const price = close[i]!;
    let total = 0;
    const ready = fast[i] === fast[i] && slow[i] === slow[i] && rsi[i] === rsi[i];
    if (ready) {
      if (fast[i - 1]! <= slow[i - 1]! && fast[i]! > slow[i]!) total += 60;
      if (fast[i - 1]! >= slow[i - 1]! && fast[i]! < slow[i]!) total -= 60;
      if (rsi[i]! < 30) total += 40;
      if (rsi[i]! > 70) total -= 40;
      total = total > 100 ? 100 : total < -100 ? -100 : total;
      const side = detectSignal(previous, total, 50, -50);
      if (side === 'buy' && amount === 0 && i < n - 1) {
        spent = cash;
        amount = (spent - (spent - spent / (1 + FEE))) / price;
        cash = 0;
      } else if (side === 'sell' && amount > 0) {
        cash += amount * price * (1 - FEE);
        amount = 0;
        trades++;
      }
    }
    previous = ready ? total : NaN;
    equity[i] = cash + amount * price;
  }
  if (amount > 0) trades++;
  return { trades, final: equity[n - 1]! };
}

type Talib = { execute(args: Record<string, unknown>): { begIndex: number; result: { outReal: number[] } } };
/** A runtime require, not a static import: the package is optional and not in package.json. */
function loadTalib(): Talib | null {
  try {
    return createRequire(import.meta.url)(process.env.TALIB_MODULE ?? 'talib') as Talib;
  } catch {
    return null;
  }
}

console.log(`node ${process.version}, ${cpus()[0]?.model ?? 'cpu'} ×${cpus().length}; ${CANDLES.toLocaleString('en')} 1m candles, median of ${RUNS} runs after one warm-up run\n`);
const candles = generate(CANDLES);
const closes = Array.from(candles.close);
const strategy = compileStrategy(StrategyBody.parse(EMA_CROSS_RSI.body));

/** Runs `once` once untimed (JIT warm-up, for every contender alike), then RUNS times; the median ms and the last result. */
async function measure<T>(once: () => T | Promise<T>): Promise<{ ms: number; result: T }> {
  const runs: number[] = [];
  let result = await once();
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    result = await once();
    runs.push(performance.now() - t0);
  }
  return { ms: median(runs), result };
}

// 1. The kernel: runBacktest end to end (scorer, simulation, curve, metrics, grid, formatting).
const kernelRun = await measure(() =>
  runBacktest({
    symbols: [{ market: 'crypto', symbol: 'BTCUSDT', candles }],
    strategy,
    initialBalance: BALANCE,
    feeRate: FEE,
    positionSize: 1,
    timeframeMs: MIN,
    chunkSize: CANDLES,
  }),
);

// 1b. Where the time goes: the scorer with the account (no curve statistics, grid or formatting)…
const simulationRun = await measure(() => {
  const simulation = new SymbolSimulation(candles, strategy.createScorer(), strategy.entry, strategy.exit, {
    symbolIndex: 0,
    cash: BALANCE,
    feeRate: FEE,
    positionSize: 1,
    timeframeMs: MIN,
    from: -Infinity,
    to: Infinity,
  });
  simulation.step(CANDLES);
  simulation.finish();
  return simulation.trades.length;
});

// … and the scorer alone (no account).
function scoreAll(): number {
  const scorer = strategy.createScorer();
  const c = { openTime: NaN, open: NaN, high: NaN, low: NaN, close: NaN, volume: NaN };
  let sum = 0;
  for (let i = 0; i < CANDLES; i++) {
    c.openTime = candles.open_time[i]!;
    c.open = candles.open[i]!;
    c.high = candles.high[i]!;
    c.low = candles.low[i]!;
    c.close = candles.close[i]!;
    c.volume = candles.volume[i]!;
    sum += scorer.update(c);
  }
  return sum;
}
const scorerRun = await measure(scoreAll);

// 2. Plainly, with technicalindicators' batch functions.
const plainRun = await measure(() => {
  const fast = align(ti.EMA.calculate({ period: 12, values: closes }), CANDLES);
  const slow = align(ti.EMA.calculate({ period: 26, values: closes }), CANDLES);
  const rsi = align(ti.RSI.calculate({ period: 14, values: closes }), CANDLES);
  return plainRules(candles.close as Float64Array, fast, slow, rsi).trades;
});

const kernel = rate(kernelRun.ms);
const plain = rate(plainRun.ms);
line('kernel: runBacktest, EMA cross + RSI', fmt(kernel), `target ≥ ${fmt(TARGET)} ${kernel >= TARGET ? 'ok' : 'MISSED'}`);
line('kernel: scorer + account simulation (no metrics)', fmt(rate(simulationRun.ms)));
line('kernel: scorer alone', fmt(rate(scorerRun.ms)));
line('technicalindicators batch EMA/RSI + the same rule loop', fmt(plain));
line('ratio kernel / technicalindicators', `${(kernel / plain).toFixed(1)}×`);
line('trades (kernel / technicalindicators)', `${kernelRun.result.metrics.trade_count} / ${plainRun.result}`, 'technicalindicators rounds RSI to 2 decimals');

// 3. TA-Lib's C indicators through the `talib` binding, when it is installed.
const talib = loadTalib();
if (!talib) {
  line('talib (TA-Lib C binding)', 'not installed', 'npm i talib in a scratch dir, then TALIB_MODULE=…/node_modules/talib');
} else {
  const series = (name: string, period: number) => {
    const out = talib.execute({ name, startIdx: 0, endIdx: CANDLES - 1, inReal: closes, optInTimePeriod: period });
    return align(out.result.outReal, CANDLES);
  };
  const talibRun = await measure(() => plainRules(candles.close as Float64Array, series('EMA', 12), series('EMA', 26), series('RSI', 14)).trades);
  const c = rate(talibRun.ms);
  line('talib batch EMA/RSI + the same rule loop', fmt(c), `${talibRun.result} trades`);
  line('ratio kernel / talib', `${(kernel / c).toFixed(1)}×`);
}
