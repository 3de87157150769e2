import type { Timeframe } from '../../../contract/codes';
import type { FieldError } from '../../../contract/errors';
import type { Candle } from '../../../contract/market/klines';
import { TIMEFRAME_MS } from '../../../contract/market/primitives';
import { localDayStart } from '../../domain/klines/timeZones';
import { ValidationError } from '../../domain/errors';
import { findColumns, type ColumnIndexes } from './csvColumns';
import { CsvSyntaxError, parseCsvText, type CsvRow } from './csvText';
import { parseCsvTime } from './csvTime';

/** Enough errors to fix a file in one pass without a 10,000-line answer for a wrong file. */
export const MAX_REPORTED_ERRORS = 20;

export interface CsvKlinesOptions {
  timeframe: Timeframe;
  /** The market's zone: ISO times without an offset are its wall clock; `1d` rows start at its midnight. */
  timeZone: string;
}

const NUMBER = /^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const fieldError = (line: number, column: string, msg: string): FieldError => ({
  loc: ['csv', line, column],
  msg: `line ${line}: ${column} ${msg}`,
  type: 'value_error',
});

function parseRow(row: CsvRow, columns: ColumnIndexes, options: CsvKlinesOptions, errors: FieldError[]): Candle | undefined {
  const before = errors.length;
  const cell = (index: number | undefined) => (index === undefined ? '' : (row.cells[index] ?? ''));
  const time = parseCsvTime(cell(columns.time), options.timeZone);
  if (!time.ok) errors.push(fieldError(row.line, 'time', time.error));
  const number = (column: 'open' | 'high' | 'low' | 'close' | 'volume') => {
    if (column === 'volume' && columns.volume === undefined) return 0;
    const text = cell(columns[column]);
    if (!NUMBER.test(text)) {
      errors.push(fieldError(row.line, column, text === '' ? 'is empty' : `"${text}" is not a non-negative number`));
      return NaN;
    }
    return Number(text);
  };
  const [open, high, low, close, volume] = (['open', 'high', 'low', 'close', 'volume'] as const).map(number) as [number, number, number, number, number];
  if (errors.length > before || !time.ok) return undefined;
  if (low > Math.min(open, close, high)) errors.push(fieldError(row.line, 'low', 'must not be above open, close or high'));
  if (high < Math.max(open, close)) errors.push(fieldError(row.line, 'high', 'must not be below open or close'));
  const aligned =
    options.timeframe === '1d' ? localDayStart(time.time, options.timeZone) === time.time : time.time % TIMEFRAME_MS[options.timeframe] === 0;
  if (!aligned) errors.push(fieldError(row.line, 'time', `${new Date(time.time).toISOString()} is not the start of a ${options.timeframe} candle`));
  return errors.length > before ? undefined : { open_time: time.time, open, high, low, close, volume };
}

/**
 * Candles of an OHLCV file, oldest first, or a ValidationError listing the bad lines (up to
 * MAX_REPORTED_ERRORS): every row is checked before anything is written, so a file is imported
 * whole or not at all.
 */
export function parseKlinesCsv(text: string, options: CsvKlinesOptions): Candle[] {
  let table;
  try {
    table = parseCsvText(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw ValidationError.field(['csv', error.line], error.message);
    throw error;
  }
  if (!table || table.rows.length === 0) throw ValidationError.field(['csv'], 'the file has no candles: a header line and at least one row are needed');
  const found = findColumns(table.header.cells);
  if ('duplicate' in found && found.duplicate) {
    throw ValidationError.field(['csv', table.header.line], `line ${table.header.line}: more than one column could be the ${found.duplicate} column`);
  }
  if ('missing' in found) {
    throw ValidationError.field(
      ['csv', table.header.line],
      `line ${table.header.line}: no ${found.missing.join(', ')} column (the header has: ${table.header.cells.join(', ')})`,
    );
  }
  const { columns } = found as { columns: ColumnIndexes };
  const errors: FieldError[] = [];
  const firstLineOf = new Map<number, number>();
  const candles: Candle[] = [];
  for (const row of table.rows) {
    const candle = parseRow(row, columns, options, errors);
    if (candle) {
      const earlier = firstLineOf.get(candle.open_time);
      if (earlier !== undefined) errors.push(fieldError(row.line, 'time', `repeats the candle of line ${earlier}`));
      else {
        firstLineOf.set(candle.open_time, row.line);
        candles.push(candle);
      }
    }
    if (errors.length >= MAX_REPORTED_ERRORS) break;
  }
  if (errors.length > 0) throw new ValidationError(errors.slice(0, MAX_REPORTED_ERRORS));
  return candles.sort((a, b) => a.open_time - b.open_time);
}
