import { useMemo, useState } from 'react';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { backtestFormat } from '../backtest/format';
import { MonthlyGrid } from '../backtest/MonthlyGrid';
import { Card } from '../components/Card';
import { inputClass } from '../signals/controls';
import { formatMoney } from './money';
import { monthlyReturns } from './returns';
import { usePortfolioT } from './usePortfolioT';

const DAY = 86_400_000;
const RANGES = ['7', '30', '90', '365', 'custom'] as const;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The value line over a chosen range (presets or custom dates) and the monthly returns grid. */
export function ValueHistory({ portfolio, language }: { portfolio: PortfolioDetail; language: string }) {
  const { t } = usePortfolioT();
  const [range, setRange] = useState<(typeof RANGES)[number]>('90');
  const [today] = useState(() => Date.now());
  const [custom, setCustom] = useState({ from: isoDay(today - 30 * DAY), to: isoDay(today) });
  const bounds = range === 'custom' ? { from: Date.parse(custom.from), to: Date.parse(custom.to) + DAY } : { from: today - Number(range) * DAY, to: undefined };
  const query = {
    portfolio_id: portfolio.id,
    timeframe: '1d' as const,
    ...(Number.isFinite(bounds.from) ? { from_timestamp: bounds.from } : {}),
    ...(bounds.to !== undefined && Number.isFinite(bounds.to) ? { to_timestamp: bounds.to } : {}),
  };
  const history = useQuery(portfolioApi.history, { query }, { tags: [portfolioTags.balances(portfolio.id)] });
  const points = useMemo(() => history.data?.points ?? [], [history.data]);
  const monthly = useMemo(() => monthlyReturns(points), [points]);
  // Buckets before the portfolio held anything are zeros: the line starts with the first money in.
  const held = points.filter((p) => p.value !== null);
  const first = held.findIndex((p) => Number(p.value) !== 0 || Number(p.net_flow) !== 0);
  const valued = first === -1 ? [] : held.slice(first);
  const values = valued.map((p) => Number(p.value));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const path = valued.map((p, i) => `${i === 0 ? 'M' : 'L'}${((i / Math.max(1, valued.length - 1)) * 100).toFixed(2)},${(38 - ((Number(p.value) - min) / span) * 36).toFixed(2)}`).join(' ');
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Card title={t('portfolios.history')}>
        <div className="mb-3 flex flex-wrap items-center gap-2">
          {RANGES.map((r) => (
            <button key={r} type="button" aria-pressed={range === r} onClick={() => setRange(r)} className={`rounded-full px-3 py-1 text-xs ring-1 ${range === r ? 'bg-emerald-600 text-white ring-emerald-600' : 'ring-slate-300 dark:ring-slate-600'}`}>
              {t(`portfolios.ranges.${r}`)}
            </button>
          ))}
          {range === 'custom' ? (
            <span className="flex items-center gap-2 text-sm">
              <label className="flex items-center gap-1">
                {t('portfolios.from')}
                <input type="date" className={inputClass} value={custom.from} max={custom.to} onChange={(e) => setCustom({ ...custom, from: e.target.value })} />
              </label>
              <label className="flex items-center gap-1">
                {t('portfolios.to')}
                <input type="date" className={inputClass} value={custom.to} min={custom.from} onChange={(e) => setCustom({ ...custom, to: e.target.value })} />
              </label>
            </span>
          ) : null}
        </div>
        {valued.length < 2 ? (
          <p className="text-sm text-slate-500">{t('portfolios.noHistory')}</p>
        ) : (
          <figure data-testid="value-history">
            {/* Time runs left to right in both directions, as on every chart of the app. */}
            <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-48 w-full text-emerald-600">
              <path d={path} fill="none" stroke="currentColor" strokeWidth="0.6" vectorEffect="non-scaling-stroke" />
            </svg>
            <figcaption className="mt-1 flex justify-between text-xs text-slate-500" dir="ltr">
              <span>{date.format(valued[0]!.timestamp)}</span>
              <span className="tabular-nums">
                {formatMoney(String(min), portfolio.currency, language)} – {formatMoney(String(max), portfolio.currency, language)}
              </span>
              <span>{date.format(valued.at(-1)!.timestamp)}</span>
            </figcaption>
          </figure>
        )}
      </Card>
      <Card title={t('portfolios.monthly')}>{monthly.length ? <MonthlyGrid rows={monthly} format={backtestFormat(language)} language={language} /> : <p className="text-sm text-slate-500">{t('portfolios.noHistory')}</p>}</Card>
    </div>
  );
}
