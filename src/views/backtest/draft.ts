import type { Timeframe } from '../../../contract/codes';
import type { BacktestRequest } from '../../../contract/signals/backtest';
import { MAX_BACKTEST_SYMBOLS } from '../../../contract/signals/backtest';

/** The backtest form's state as typed, and the request it makes. Dates are whole UTC days, the end day included. */
export interface BacktestDraft {
  strategyId: number | null;
  market: string;
  symbols: string[];
  timeframe: Timeframe;
  from: string;
  to: string;
  initialBalance: string;
  /** Percent; empty means the market's fee setting. */
  feePercent: string;
  /** Percent of equity per entry, 1–100. */
  positionPercent: number;
}

const DAY_MS = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function initialDraft(now: number, strategyId: number | null): BacktestDraft {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return {
    strategyId,
    market: 'crypto',
    symbols: [],
    timeframe: '1h',
    from: isoDay(today - 30 * DAY_MS),
    to: isoDay(today),
    initialBalance: '10000',
    feePercent: '',
    positionPercent: 100,
  };
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

export type DraftField = 'strategyId' | 'symbols' | 'from' | 'to' | 'initialBalance' | 'feePercent';

/** Translation keys of what stops the request, by field. */
export function draftProblems(draft: BacktestDraft): Partial<Record<DraftField, string>> {
  const problems: Partial<Record<DraftField, string>> = {};
  if (draft.strategyId === null) problems.strategyId = 'backtest.needStrategy';
  if (draft.symbols.length === 0) problems.symbols = 'backtest.needSymbols';
  if (draft.symbols.length > MAX_BACKTEST_SYMBOLS) problems.symbols = 'backtest.tooManySymbols';
  if (Number.isNaN(dayStart(draft.from))) problems.from = 'backtest.needDate';
  if (Number.isNaN(dayStart(draft.to))) problems.to = 'backtest.needDate';
  else if (!problems.from && dayStart(draft.to) < dayStart(draft.from)) problems.to = 'backtest.toBeforeFrom';
  if (!/^\d+(\.\d+)?$/.test(draft.initialBalance.trim()) || !/[1-9]/.test(draft.initialBalance)) problems.initialBalance = 'backtest.needBalance';
  const fee = Number(draft.feePercent);
  if (draft.feePercent.trim() !== '' && (!Number.isFinite(fee) || fee < 0 || fee > 10)) problems.feePercent = 'backtest.feeRange';
  return problems;
}

export function requestOf(draft: BacktestDraft): BacktestRequest {
  return {
    market: draft.market,
    symbols: draft.symbols,
    timeframe: draft.timeframe,
    from: dayStart(draft.from),
    to: dayStart(draft.to) + DAY_MS,
    initial_balance: draft.initialBalance.trim(),
    ...(draft.feePercent.trim() === '' ? {} : { fee_rate: Number(draft.feePercent) / 100 }),
    position_size: draft.positionPercent / 100,
  };
}

/** The request's field names as the form calls them, for the server's 422. */
export const SERVER_FIELDS: Record<string, DraftField | 'timeframe' | 'positionPercent' | 'market'> = {
  symbols: 'symbols',
  from: 'from',
  to: 'to',
  initial_balance: 'initialBalance',
  fee_rate: 'feePercent',
  position_size: 'positionPercent',
  timeframe: 'timeframe',
  market: 'market',
};
