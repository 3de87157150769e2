import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useShellSelector } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { useBacktestRun } from '../../actors/useBacktestRun';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { errorMessage } from '../errorMessage';
import { BacktestForm } from '../backtest/BacktestForm';
import { BacktestProgress } from '../backtest/BacktestProgress';
import { BacktestResultView } from '../backtest/BacktestResultView';
import { draftProblems, initialDraft, requestOf, SERVER_FIELDS, type BacktestDraft } from '../backtest/draft';
import { toSavedRun } from '../backtest/history';
import { RunHistory } from '../backtest/RunHistory';
import { useSavedRuns } from '../backtest/useSavedRuns';
import { PageHeader } from '../signals/controls';
import { serverFieldErrors, type FieldErrors } from '../signals/fieldErrors';

/** The task's own error (a range without data, say) in words, or a call's error. */
function runError(error: unknown, t: Parameters<typeof errorMessage>[1]): string {
  if (error && typeof error === 'object' && 'message' in error && 'type' in error && !(error instanceof Error)) {
    return t('backtest.taskFailed', { message: String((error as { message: unknown }).message) });
  }
  return errorMessage(error, t);
}

/** `/backtest` (`?strategy=<id>`): run a strategy over stored candles, follow its progress, read the result, compare with earlier runs. */
export default function BacktestPage() {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const [params] = useSearchParams();
  const strategies = useQuery(signalsApi.listStrategies, { query: { scope: 'all', limit: 1000 } }, { tags: [signalsTags.strategyList] });
  const groups = useQuery(signalsApi.listGroups, { query: { include_symbols: true } }, { tags: [signalsTags.groups] });
  const [draft, setDraft] = useState<BacktestDraft>(() => initialDraft(Date.now(), Number(params.get('strategy')) || null));
  const [tried, setTried] = useState(false);
  const run = useBacktestRun();
  const { runs, save, remove } = useSavedRuns();

  const stage = useSelector(run, (s) => (s.hasTag('busy') ? 'busy' : s.matches('done') ? 'done' : s.matches('failed') ? 'failed' : 'idle'));
  const task = useSelector(run, (s) => s.context.task);
  const progress = useSelector(run, (s) => s.context.progress);
  const result = useSelector(run, (s) => s.context.result);
  const error = useSelector(run, (s) => s.context.error);
  const taskId = useSelector(run, (s) => s.context.taskId);
  const started = useSelector(run, (s) => s.context.start);

  const list = strategies.data?.data ?? [];
  const strategyName = (id: number) => list.find((s) => s.id === id)?.name ?? `#${id}`;
  // Each finished run is kept once, under its task id.
  const savedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!result || !taskId || savedFor.current === taskId) return;
    savedFor.current = taskId;
    save(toSavedRun(result, strategyName(result.strategy_id), taskId, Date.now()));
    // strategyName reads the list as it is when the run ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, taskId, save]);

  const problems = draftProblems(draft);
  const errors: FieldErrors = useMemo(() => {
    const merged: FieldErrors = {};
    if (tried) for (const [field, key] of Object.entries(problems)) merged[field] = [t(key)];
    for (const [path, messages] of Object.entries(serverFieldErrors(stage === 'failed' ? error : null, ['body']))) {
      const field = SERVER_FIELDS[path.split(/[.[]/)[0]!] ?? 'symbols';
      merged[field] = [...(merged[field] ?? []), ...messages];
    }
    return merged;
  }, [tried, problems, error, stage, t]);
  const fieldErrorShown = Object.keys(serverFieldErrors(error, ['body'])).length > 0;

  const submit = () => {
    setTried(true);
    if (Object.keys(problems).length || draft.strategyId === null) return;
    run.send({ type: 'backtest.start', strategyId: draft.strategyId, request: requestOf(draft) });
  };

  return (
    <div className="space-y-5">
      <PageHeader title={t('backtest.title')} subtitle={t('backtest.subtitle')} />
      {strategies.error ? <Alert tone="error">{errorMessage(strategies.error, t)}</Alert> : null}
      <Card title={t('backtest.formTitle')}>
        <BacktestForm draft={draft} onChange={setDraft} onSubmit={submit} strategies={list} groups={groups.data?.data ?? []} errors={errors} busy={stage === 'busy'} />
      </Card>
      {stage === 'busy' ? (
        <Card title={started ? t('backtest.runningTitle', { strategy: strategyName(started.strategyId) }) : undefined}>
          <BacktestProgress task={task} progress={progress} language={language} />
        </Card>
      ) : null}
      {stage === 'failed' && !fieldErrorShown ? (
        <Alert tone="error">
          <span data-testid="backtest-error">{runError(error, t)}</span>
        </Alert>
      ) : null}
      {stage === 'done' && result ? (
        <>
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold">{t('backtest.resultTitle', { strategy: strategyName(result.strategy_id) })}</h2>
            <Button kind="secondary" onClick={() => run.send({ type: 'backtest.reset' })}>
              {t('backtest.clear')}
            </Button>
          </div>
          <BacktestResultView result={result} />
        </>
      ) : null}
      <RunHistory runs={runs} onRemove={remove} currentId={stage === 'done' ? taskId : null} />
    </div>
  );
}
