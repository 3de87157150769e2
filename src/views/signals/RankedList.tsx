import { memo } from 'react';
import { useSignalsT } from './useSignalsT';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../i18n/format';
import { chartLink, type RankedEntry } from './board';
import { ScoreBadge } from './ScoreBadge';
import { SymbolLabel } from './SymbolLabel';
import { useLiveFlash } from './useLiveFlash';

const TIME = { dateStyle: 'short', timeStyle: 'short' } as const;

const Row = memo(function Row({ entry, rank, language, level }: { entry: RankedEntry; rank: number; language: string; level: number }) {
  const { t } = useSignalsT();
  const { score } = entry.live;
  const ref = useLiveFlash<HTMLLIElement>(entry.live.liveAt);
  return (
    <li ref={ref} data-testid="ranked-row" data-symbol={score.symbol} data-subscription={score.subscription_id} className="rounded-lg">
      <Link
        to={chartLink(score.market, score.symbol, entry.subscription.timeframe)}
        className="grid grid-cols-[2rem_minmax(0,1fr)_auto] items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50 md:grid-cols-[2rem_minmax(0,1.4fr)_minmax(0,1fr)_auto_8rem] dark:hover:bg-slate-700/40"
      >
        <span className="text-sm tabular-nums text-slate-400">{new Intl.NumberFormat(language).format(rank)}</span>
        <span className="min-w-0">
          <SymbolLabel market={score.market} symbol={score.symbol} />
          <span className="block truncate text-xs text-slate-500 md:hidden" dir="auto">
            {entry.subscription.name}
          </span>
        </span>
        <span className="hidden min-w-0 text-sm md:block">
          <span className="block truncate" dir="auto">
            {entry.subscription.name}
          </span>
          <span className="block text-xs text-slate-500">
            {t(`chart.timeframes.${entry.subscription.timeframe}`)} · {t('signals.board.levelShort', { level: new Intl.NumberFormat(language).format(level) })}
          </span>
        </span>
        <span className="flex items-center gap-2">
          <span className={`text-xs font-medium ${score.value > 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400'}`}>
            {score.value > 0 ? t('signals.side.buy') : t('signals.side.sell')}
          </span>
          <ScoreBadge value={score.value} />
        </span>
        <span className="hidden text-end text-xs tabular-nums text-slate-500 md:block">{formatDateTime(score.timestamp, language, TIME)}</span>
      </Link>
    </li>
  );
});

/** Listed scores, strongest first. */
export function RankedList({ entries, language, levelOf }: { entries: readonly RankedEntry[]; language: string; levelOf: (entry: RankedEntry) => number }) {
  return (
    <ol className="divide-y divide-slate-100 dark:divide-slate-700" data-testid="ranked-list">
      {entries.map((entry, i) => (
        <Row key={`${entry.live.score.subscription_id}|${entry.live.score.market}|${entry.live.score.symbol}`} entry={entry} rank={i + 1} language={language} level={levelOf(entry)} />
      ))}
    </ol>
  );
}
