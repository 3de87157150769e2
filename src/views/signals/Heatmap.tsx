import { memo } from 'react';
import { useSignalsT } from './useSignalsT';
import { Link } from 'react-router-dom';
import type { LiveScore } from '../../machines/liveSignalsMachine';
import { chartLink, type BoardSubscription, type HeatmapRow } from './board';
import { formatScore, scoreClass } from './scoreColor';
import { SymbolLabel } from './SymbolLabel';
import { useLiveFlash } from './useLiveFlash';

const Cell = memo(function Cell({ live, subscription, market, symbol, language }: { live: LiveScore | undefined; subscription: BoardSubscription; market: string; symbol: string; language: string }) {
  const { t } = useSignalsT();
  const ref = useLiveFlash<HTMLAnchorElement>(live?.liveAt);
  if (!live) {
    return (
      <td className="w-24 p-0.5">
        <span className="block h-9 rounded-md bg-slate-50 dark:bg-slate-800/50" aria-label={t('signals.board.noScore')} />
      </td>
    );
  }
  const value = live.score.value;
  return (
    <td className="w-24 p-0.5">
      <Link
        ref={ref}
        to={chartLink(market, symbol, subscription.timeframe)}
        data-testid="heat-cell"
        data-symbol={symbol}
        data-subscription={subscription.id}
        data-value={value}
        aria-label={t('signals.board.cellLabel', { symbol, subscription: subscription.name, score: formatScore(value, language) })}
        className={`flex h-9 min-w-[3.5rem] items-center justify-center rounded-md text-sm font-semibold tabular-nums transition hover:opacity-80 ${scoreClass(value)}`}
      >
        <span dir="ltr">{formatScore(value, language)}</span>
      </Link>
    </td>
  );
});

/** Symbols down, subscriptions across, each cell coloured from −100 red to +100 green; a click opens the chart. */
export function Heatmap({ rows, columns, language }: { rows: readonly HeatmapRow[]; columns: readonly BoardSubscription[]; language: string }) {
  const { t } = useSignalsT();
  return (
    <div className="overflow-x-auto">
      <table className="border-separate border-spacing-0 text-sm" data-testid="heatmap">
        <caption className="sr-only">{t('signals.board.heatmapTitle')}</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky start-0 z-10 bg-white pb-2 text-start font-medium text-slate-500 dark:bg-slate-800">
              {t('signals.board.symbol')}
            </th>
            {columns.map((subscription) => (
              <th key={subscription.id} scope="col" className="px-1 pb-2 text-center align-bottom font-medium">
                <span className="block max-w-[8rem] truncate text-slate-700 dark:text-slate-200" title={subscription.name} dir="auto">
                  {subscription.name}
                </span>
                <span className="block text-xs font-normal text-slate-500">
                  {t(`chart.timeframesShort.${subscription.timeframe}`)}
                  {subscription.is_active ? null : ` · ${t('signals.board.paused')}`}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.market}|${row.symbol}`} data-testid="heat-row" data-symbol={row.symbol}>
              <th scope="row" className="sticky start-0 z-10 min-w-[11rem] max-w-[16rem] bg-white py-0.5 pe-4 text-start font-normal dark:bg-slate-800">
                <SymbolLabel market={row.market} symbol={row.symbol} />
              </th>
              {columns.map((subscription) => (
                <Cell key={subscription.id} live={row.cells[subscription.id]} subscription={subscription} market={row.market} symbol={row.symbol} language={language} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
