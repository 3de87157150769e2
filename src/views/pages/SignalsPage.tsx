import { useCallback, useMemo, useState } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import { Link } from 'react-router-dom';
import { useQuery, useShellSelector } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { useLastScores, useLiveTotals } from '../../actors/useSignalsLive';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { boardColumns, DEFAULT_FILTER, heatmapRows, levelFor, rankedEntries, type BoardFilter } from '../signals/board';
import { BoardFilters } from '../signals/BoardFilters';
import { EmptyState, linkButtonClass, PageHeader } from '../signals/controls';
import { Heatmap } from '../signals/Heatmap';
import { LiveIndicator } from '../signals/LiveIndicator';
import { RankedList } from '../signals/RankedList';
import { SymbolTitles, type TitleIndex } from '../signals/SymbolTitles';

/** Rows drawn before "show all": a heatmap of 1,000 symbols is scrolled, not read. */
const FIRST_ROWS = 50;
const FIRST_RANKED = 30;

/** The signals board: the newest score of every symbol under each subscription, as a heatmap and a ranked list, live. */
export default function SignalsPage() {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const subscriptions = useQuery(signalsApi.ownSubscriptions, {}, { tags: [signalsTags.subscriptions] });
  const scores = useLastScores();
  const totals = useLiveTotals();
  const [filter, setFilter] = useState<BoardFilter>(DEFAULT_FILTER);
  const [allRows, setAllRows] = useState(false);
  const [allRanked, setAllRanked] = useState(false);
  const [titles, setTitles] = useState<TitleIndex>({});
  const onTitles = useCallback((market: string, byName: TitleIndex[string]) => setTitles((held) => ({ ...held, [market]: byName })), []);

  const list = useMemo(() => subscriptions.data?.data ?? [], [subscriptions.data]);
  const columns = useMemo(() => boardColumns(list, filter), [list, filter]);
  const markets = useMemo(() => [...new Set(Object.values(totals).map((live) => live.score.market))].sort(), [totals]);
  const titleOf = useCallback((market: string, symbol: string) => titles[market]?.[symbol] ?? [], [titles]);
  const rows = useMemo(() => heatmapRows(totals, columns, filter, titleOf), [totals, columns, filter, titleOf]);
  const ranked = useMemo(() => rankedEntries(totals, columns, filter, titleOf), [totals, columns, filter, titleOf]);
  const error = subscriptions.error ?? scores.error;

  let body;
  if (!subscriptions.data && !error) body = <Spinner />;
  else if (subscriptions.data && list.length === 0) {
    body = (
      <EmptyState
        title={t('signals.board.noSubscriptions')}
        body={t('signals.board.noSubscriptionsHint')}
        action={
          <Link to="/subscriptions/new" className={linkButtonClass()}>
            {t('subscriptions.create')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <>
        <Card>
          <BoardFilters filter={filter} onChange={setFilter} subscriptions={list} language={language} />
        </Card>
        <div className="grid gap-4 2xl:grid-cols-5">
          <Card title={t('signals.board.heatmapTitle')} className="min-w-0 2xl:col-span-3">
            <p className="-mt-2 mb-3 text-xs text-slate-500">{t('signals.board.heatmapHint')}</p>
            {rows.length === 0 ? (
              <EmptyState title={t('signals.board.noScores')} body={t('signals.board.noScoresHint')} />
            ) : (
              <>
                <Heatmap rows={allRows ? rows : rows.slice(0, FIRST_ROWS)} columns={columns} language={language} />
                {rows.length > FIRST_ROWS && !allRows ? (
                  <Button kind="secondary" className="mt-3" onClick={() => setAllRows(true)}>
                    {t('signals.board.showAll', { count: rows.length })}
                  </Button>
                ) : null}
              </>
            )}
          </Card>
          <Card title={t('signals.board.rankedTitle')} className="min-w-0 2xl:col-span-2">
            <p className="-mt-2 mb-3 text-xs text-slate-500">
              {filter.levelOverride === null ? t('signals.board.rankedHintOwn') : t('signals.board.rankedHintLevel', { level: new Intl.NumberFormat(language).format(filter.levelOverride) })}
            </p>
            {ranked.length === 0 ? (
              <EmptyState title={t('signals.board.noneListed')} body={t('signals.board.noneListedHint')} />
            ) : (
              <>
                <RankedList entries={allRanked ? ranked : ranked.slice(0, FIRST_RANKED)} language={language} levelOf={(entry) => levelFor(entry.subscription, filter)} />
                {ranked.length > FIRST_RANKED && !allRanked ? (
                  <Button kind="secondary" className="mt-3" onClick={() => setAllRanked(true)}>
                    {t('signals.board.showAll', { count: ranked.length })}
                  </Button>
                ) : null}
              </>
            )}
          </Card>
        </div>
      </>
    );
  }

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('signals.board.title')}
        subtitle={t('signals.board.subtitle')}
        actions={
          <>
            <LiveIndicator />
            <Link to="/subscriptions" className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
              {t('signals.board.manage')}
            </Link>
          </>
        }
      />
      <SymbolTitles markets={markets} onTitles={onTitles} />
      {error ? <Alert tone="error">{errorMessage(error, t)}</Alert> : null}
      {body}
    </div>
  );
}
