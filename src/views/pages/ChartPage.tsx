import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { TIMEFRAMES } from '../../../contract/constants';
import type { Timeframe } from '../../../contract/codes';
import { pick } from '../../../contract/endpoint';
import { chartEndpoints } from '../../../contract/market/endpoints';
import type { Candle } from '../../../contract/market/klines';
import { useChartingActor, useLiveCandles, type ChartingActor } from '../../actors/chartLive';
import { useAppSystem, useQuery, useShellSelector } from '../../actors/hooks';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { ChartCanvas } from '../chart/ChartCanvas';
import { chartFormat } from '../chart/chartFormat';
import type { ChartLabels, ChartSettings, IndicatorToggles } from '../chart/chartOptions';
import { readColors, readIndicators, UI_COLORS, UI_INDICATORS } from '../chart/chartSettings';
import { ChartToolbar } from '../chart/ChartToolbar';
import { TimeframeControl } from '../chart/TimeframeControl';
import { useSymbolMarkers } from '../chart/useSymbolMarkers';
import { errorMessage } from '../errorMessage';

/** A symbol's candlestick chart: `/markets/:market/:symbol`, opening at `?tf=<timeframe>` when given (a signal's link). */
export default function ChartPage() {
  const { market = '', symbol = '' } = useParams();
  const [search] = useSearchParams();
  const asked = search.get('tf');
  const timeframe = TIMEFRAMES.includes(asked as Timeframe) ? (asked as Timeframe) : undefined;
  // A new symbol is a new charting actor and socket.
  return <ChartScreen key={`${market}/${symbol}`} market={market} symbol={symbol} timeframe={timeframe} />;
}

function ChartScreen({ market, symbol, timeframe }: { market: string; symbol: string; timeframe?: Timeframe }) {
  const actor = useChartingActor(market, symbol, timeframe);
  const onCandle = useCallback((candle: Candle) => actor.send({ type: 'chart.live', candle }), [actor]);
  useLiveCandles(market, symbol, onCandle);
  const onReachStart = useCallback(() => {
    if (actor.getSnapshot().can({ type: 'chart.loadOlder' })) actor.send({ type: 'chart.loadOlder' });
  }, [actor]);

  return (
    <div className="flex flex-col gap-4">
      <ChartHeader actor={actor} market={market} symbol={symbol} />
      <ChartBody actor={actor} market={market} symbol={symbol} onReachStart={onReachStart} />
    </div>
  );
}

function ChartHeader({ actor, market, symbol }: { actor: ChartingActor; market: string; symbol: string }) {
  const { t } = useTranslation();
  const language = useShellSelector((s) => s.context.language);
  const iso = useShellSelector((s) => s.context.languageIso) as 'fa' | 'en';
  const title = useSelector(actor, (s) => s.context.symbols.find((x) => x.name === symbol)?.title[iso]);
  const precision = useSelector(actor, (s) => s.context.symbols.find((x) => x.name === symbol)?.price_precision ?? 2);
  const unknown = useSelector(actor, (s) => s.matches({ symbols: 'ready' }) && !s.context.symbols.some((x) => x.name === symbol));
  const last = useSelector(actor, (s) => s.context.candles.close.at(-1));
  const previous = useSelector(actor, (s) => s.context.candles.close.at(-2));
  const change = last !== undefined && previous ? ((last - previous) / previous) * 100 : undefined;
  const price = last === undefined ? '—' : new Intl.NumberFormat(language, { minimumFractionDigits: precision, maximumFractionDigits: precision }).format(last);

  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
      <div className="min-w-0">
        <Link to={`/markets/${market}`} className="text-sm text-emerald-700 hover:underline dark:text-emerald-400">
          {t('chart.back')}
        </Link>
        <h1 className="mt-1 flex items-baseline gap-3 text-2xl font-bold">
          <span dir="auto">{title ?? symbol}</span>
          <span dir="ltr" className="text-sm font-normal text-slate-500">
            {symbol}
          </span>
        </h1>
        {unknown ? (
          <p className="mt-2">
            <Alert tone="error">{t('chart.unknownSymbol', { symbol })}</Alert>
          </p>
        ) : null}
      </div>
      <div className="ms-auto text-end">
        <div className="text-xs text-slate-500 dark:text-slate-400">{t('chart.lastPrice')}</div>
        <div className="flex items-baseline justify-end gap-2">
          <span data-testid="last-price" className="text-2xl font-semibold tabular-nums">
            {price}
          </span>
          {change !== undefined ? (
            <span dir="ltr" className={`text-sm tabular-nums ${change >= 0 ? 'text-emerald-600' : 'text-rose-600'}`}>
              {new Intl.NumberFormat(language, { signDisplay: 'always', maximumFractionDigits: 2, style: 'percent' }).format(change / 100)}
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}

const MARKS = pick(chartEndpoints, 'chart.marks');
/** Signals arrive at candle closes: the marks are read again this often (and when the tab is back in focus). */
const MARKS_REFRESH_MS = 60_000;

/** The user's signal marks of this symbol on the shown timeframe, newest few hundred. */
function useSignalMarks(market: string, symbol: string, timeframe: string) {
  const marks = useQuery(MARKS, { query: { market, symbol, resolution: timeframe, timestamp_from: 0, limit: 500 } }, { refetchOnFocus: true });
  // `refetch` is a new function on every render (and the chart renders on every tick): keep the latest.
  const refetch = useRef(marks.refetch);
  useEffect(() => {
    refetch.current = marks.refetch;
  });
  useEffect(() => {
    const timer = setInterval(() => refetch.current(), MARKS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return marks.data?.data;
}

function ChartBody({ actor, market, symbol, onReachStart }: { actor: ChartingActor; market: string; symbol: string; onReachStart: () => void }) {
  const { t, i18n } = useTranslation();
  const { ui } = useAppSystem();
  const language = useShellSelector((s) => s.context.language);
  const direction = useShellSelector((s) => s.context.direction) as 'rtl' | 'ltr';
  const dark = useShellSelector((s) => s.context.theme === 'dark');
  const colors = readColors(useSelector(ui, (s) => s.context.items[UI_COLORS]));
  const storedIndicators = useSelector(ui, (s) => s.context.items[UI_INDICATORS]);
  const indicators = useMemo(() => readIndicators(storedIndicators), [storedIndicators]);
  const timeframe = useSelector(actor, (s) => s.context.timeframe);
  const candles = useSelector(actor, (s) => s.context.candles);
  const precision = useSelector(actor, (s) => s.context.symbols.find((x) => x.name === symbol)?.price_precision ?? 2);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadingOlder = useSelector(actor, (s) => s.hasTag('loadingOlder'));
  const hasOlder = useSelector(actor, (s) => s.context.hasOlder);
  const failed = useSelector(actor, (s) => s.matches({ bars: 'failed' }));
  const marks = useSignalMarks(market, symbol, timeframe);
  const lines = useSymbolMarkers(market, symbol);
  const error = useSelector(actor, (s) => s.context.error);

  const settings = useMemo<ChartSettings>(() => ({ indicators, colors, dark }), [indicators, colors, dark]);
  const labels = useMemo<ChartLabels>(
    () => ({
      open: t('chart.open'),
      high: t('chart.high'),
      low: t('chart.low'),
      close: t('chart.close'),
      volume: t('chart.volume'),
      ema: t('chart.ema'),
      bollinger: t('chart.bollinger'),
      rsi: t('chart.rsi'),
      macd: t('chart.macd'),
      signal: t('chart.signal'),
      histogram: t('chart.histogram'),
    }),
    // The labels change with the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const format = useMemo(() => chartFormat(language, precision, timeframe, direction), [language, precision, timeframe, direction]);
  const toggle = (id: keyof IndicatorToggles) =>
    ui.send({ type: 'ui.set', id: UI_INDICATORS, value: { ...indicators, [id]: !indicators[id] }, persist: true });

  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TimeframeControl value={timeframe} onChange={(next) => actor.send({ type: 'chart.setTimeframe', timeframe: next })} />
        <ChartToolbar
          indicators={indicators}
          onToggle={toggle}
          colors={colors}
          onColors={(value) => ui.send({ type: 'ui.set', id: UI_COLORS, value, persist: true })}
        />
      </div>
      {failed ? (
        <Alert tone="error">
          <div className="flex flex-wrap items-center gap-3">
            <span>{errorMessage(error, t)}</span>
            <Button kind="secondary" onClick={() => actor.send({ type: 'chart.retry' })}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : null}
      <div
        className="relative h-[68vh] min-h-[420px]"
        data-testid="chart-area"
        data-timeframe={timeframe}
        data-loading={loading}
        data-has-older={hasOlder}
      >
        <ChartCanvas
          candles={candles}
          settings={settings}
          labels={labels}
          format={format}
          onReachStart={onReachStart}
          label={t('chart.chartLabel', { symbol })}
          marks={marks}
          lines={lines}
        />
        {!loading && !failed && candles.open_time.length === 0 ? (
          <p className="absolute inset-0 flex items-center justify-center text-slate-500">{t('chart.noData')}</p>
        ) : null}
        {loading ? (
          <p role="status" className="absolute inset-x-0 top-2 text-center text-sm text-slate-500">
            {t('common.loading')}
          </p>
        ) : null}
        {loadingOlder ? (
          <p role="status" className="absolute start-2 top-2 rounded-md bg-white/90 px-2 py-1 text-xs text-slate-600 shadow dark:bg-slate-900/90 dark:text-slate-300">
            {t('chart.loadingOlder')}
          </p>
        ) : null}
      </div>
    </section>
  );
}
