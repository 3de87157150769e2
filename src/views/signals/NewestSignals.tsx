import { useMemo } from 'react';
import { useSignalsT } from './useSignalsT';
import { Link } from 'react-router-dom';
import { useQuery, useShellSelector } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { useLastScores, useLiveSignalsSelector, useLiveTotals } from '../../actors/useSignalsLive';
import { formatDateTime } from '../../i18n/format';
import { scoreKey } from '../../machines/liveSignalsMachine';
import { Card } from '../components/Card';
import { chartLink, newestListed } from './board';
import { LiveIndicator } from './LiveIndicator';
import { ScoreBadge } from './ScoreBadge';
import { SymbolLabel } from './SymbolLabel';
import { useLiveFlash } from './useLiveFlash';
import type { RankedEntry } from './board';

const SHOWN = 6;
const TIME = { timeStyle: 'short' } as const;

function Entry({ entry, crossed, language }: { entry: RankedEntry; crossed: 'buy' | 'sell' | undefined; language: string }) {
  const { t } = useSignalsT();
  const { score } = entry.live;
  const ref = useLiveFlash<HTMLLIElement>(entry.live.liveAt);
  return (
    <li ref={ref} data-testid="newest-signal" data-symbol={score.symbol} className="rounded-md">
      <Link to={chartLink(score.market, score.symbol, entry.subscription.timeframe)} className="flex items-center justify-between gap-3 py-2 text-sm hover:text-emerald-700 dark:hover:text-emerald-300">
        <span className="min-w-0">
          <SymbolLabel market={score.market} symbol={score.symbol} />
          <span className="block truncate text-xs text-slate-500">
            <bdi>{entry.subscription.name}</bdi> · <bdi>{t(`chart.timeframesShort.${entry.subscription.timeframe}`)}</bdi> · <bdi>{formatDateTime(score.timestamp, language, TIME)}</bdi>
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-2">
          {crossed ? (
            <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${crossed === 'buy' ? 'bg-emerald-600 text-white' : 'bg-rose-600 text-white'}`}>
              {t(`signals.side.${crossed}`)}
            </span>
          ) : null}
          <ScoreBadge value={score.value} />
        </span>
      </Link>
    </li>
  );
}

/** Dashboard widget: the newest listed scores of the user's subscriptions, with crossings marked, live. */
export default function NewestSignals() {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const subscriptions = useQuery(signalsApi.ownSubscriptions, {}, { tags: [signalsTags.subscriptions] });
  useLastScores({ listed_only: true, sort: 'newest', limit: 200 });
  const totals = useLiveTotals();
  const signals = useLiveSignalsSelector((s) => s.context.signals);
  const list = useMemo(() => subscriptions.data?.data ?? [], [subscriptions.data]);
  const entries = useMemo(() => newestListed(totals, list, SHOWN), [totals, list]);
  const crossings = useMemo(() => {
    const byKey = new Map<string, 'buy' | 'sell'>();
    for (const signal of signals) {
      const key = `${scoreKey(signal)}|${signal.timestamp}`;
      if (!byKey.has(key)) byKey.set(key, signal.side);
    }
    return byKey;
  }, [signals]);

  return (
    <Card title={t('dashboard.signalsTitle')}>
      <div className="-mt-2 mb-2 flex items-center justify-between gap-2">
        <LiveIndicator />
        <Link to="/signals" className="text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-300">
          {t('signals.dashboard.viewAll')}
        </Link>
      </div>
      {subscriptions.data && list.length === 0 ? (
        <p className="text-sm text-slate-500">
          {t('signals.dashboard.noSubscriptions')}{' '}
          <Link to="/subscriptions/new" className="font-medium text-emerald-700 hover:underline dark:text-emerald-400">
            {t('subscriptions.create')}
          </Link>
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-400">{t('signals.dashboard.waiting')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700" data-testid="newest-signals">
          {entries.map((entry) => (
            <Entry
              key={scoreKey(entry.live.score)}
              entry={entry}
              crossed={crossings.get(`${scoreKey(entry.live.score)}|${entry.live.score.timestamp}`)}
              language={language}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
