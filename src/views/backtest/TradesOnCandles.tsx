import { useMemo, useState } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import type { BacktestResult } from '../../../contract/signals/backtest';
import { useQuery, useShellSelector } from '../../actors/hooks';
import { signalsApi } from '../../actors/signalsEndpoints';
import { Alert } from '../components/Alert';
import { errorMessage } from '../errorMessage';
import { SelectField } from '../signals/controls';
import { BacktestChart } from './BacktestChart';
import { candlesOption, type BacktestLabels } from './chartOptions';
import type { backtestFormat } from './format';

/** At most this many candles are drawn: the newest of the range (the klines call's limit). */
const CANDLES = 10_000;

/** One symbol's candles over the tested range with its trades marked: an arrow in, an arrow out. */
export function TradesOnCandles({ result, labels, format }: { result: BacktestResult; labels: BacktestLabels; format: ReturnType<typeof backtestFormat> }) {
  const { t } = useSignalsT();
  const dark = useShellSelector((s) => s.context.theme === 'dark');
  const { request } = result;
  const [symbol, setSymbol] = useState(request.symbols[0]!);
  const klines = useQuery(signalsApi.klines, {
    query: { market: request.market, symbol, timeframe: request.timeframe, from_timestamp: request.from, to_timestamp: request.to - 1, limit: CANDLES, read_from_last: true, return_as: 'arrays' },
  });
  const trades = useMemo(() => result.trades.filter((trade) => trade.symbol === symbol), [result.trades, symbol]);
  const candles = klines.data?.return_as === 'arrays' ? klines.data.data : null;
  const option = useMemo(() => (candles ? candlesOption(candles, trades, labels, format, dark) : null), [candles, trades, labels, format, dark]);

  return (
    <div className="space-y-3">
      {request.symbols.length > 1 ? (
        <div className="max-w-xs">
          <SelectField label={t('backtest.chartSymbol')} value={symbol} onChange={(e) => setSymbol(e.target.value)}>
            {request.symbols.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {klines.error ? <Alert tone="error">{errorMessage(klines.error, t)}</Alert> : null}
      {option ? (
        <BacktestChart testId="candles-chart" option={option} height={380} label={t('backtest.candlesLabel', { symbol, count: trades.length })} />
      ) : (
        <p className="text-sm text-slate-500">{t('common.loading')}</p>
      )}
    </div>
  );
}
