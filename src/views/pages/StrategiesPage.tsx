import { useState } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import { Link } from 'react-router-dom';
import type { StrategySummary } from '../../../contract/signals/strategies';
import { useAuthSelector, useMutation, useQuery, useShellSelector } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { formatDateTime } from '../../i18n/format';
import { Alert } from '../components/Alert';
import { Card } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { ConfirmButton, EmptyState, linkButtonClass, PageHeader } from '../signals/controls';
import { inLanguage } from '../strategies/describe';
import { canEdit } from '../strategies/permissions';

type Scope = 'all' | 'own' | 'builtin';

function StrategyRow({ strategy, language, editable }: { strategy: StrategySummary; language: string; editable: boolean }) {
  const { t } = useSignalsT();
  const iso = useShellSelector((s) => s.context.languageIso) as 'fa' | 'en';
  const remove = useMutation(signalsApi.deleteStrategy, { invalidates: [signalsTags.strategyList, signalsTags.strategy(strategy.id)] });
  return (
    <li data-testid="strategy" data-name={strategy.name} className="space-y-2 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={`/strategies/${strategy.id}`} className="text-base font-semibold hover:text-emerald-700 dark:hover:text-emerald-300" dir="auto">
            {strategy.name}
          </Link>
          <span className="ms-2 inline-flex gap-1 align-middle">
            {strategy.is_builtin ? <span className="rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">{t('strategies.builtin')}</span> : null}
            {strategy.timeframe ? <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-700 dark:text-slate-300">{t(`chart.timeframes.${strategy.timeframe}`)}</span> : null}
          </span>
          {strategy.description ? (
            <p className="mt-1 whitespace-pre-line text-sm text-slate-600 dark:text-slate-300" dir="auto">
              {inLanguage(strategy.description, iso)}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-slate-500">
            {t('strategies.versionLine', { version: new Intl.NumberFormat(language).format(strategy.version), date: formatDateTime(Date.parse(strategy.updated_at), language, { dateStyle: 'medium' }) })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/backtest?strategy=${strategy.id}`} className={`${linkButtonClass('secondary')} !px-3 !py-1.5`}>
            {t('strategies.backtest')}
          </Link>
          {editable ? (
            <Link to={`/strategies/${strategy.id}/edit`} className={`${linkButtonClass('secondary')} !px-3 !py-1.5`}>
              {t('strategies.edit')}
            </Link>
          ) : (
            <Link to={`/strategies/new?from=${strategy.id}`} className={`${linkButtonClass('secondary')} !px-3 !py-1.5`}>
              {t('strategies.duplicate')}
            </Link>
          )}
          {editable ? <ConfirmButton label={t('strategies.delete')} confirmLabel={t('strategies.confirmDelete')} disabled={remove.submitting} onConfirm={() => remove.submit({ params: { id: strategy.id } })} /> : null}
        </div>
      </div>
      {remove.error ? <Alert tone="error">{errorMessage(remove.error, t)}</Alert> : null}
    </li>
  );
}

/** Strategies: the built-in ones (marked) and the user's own, to read, copy, change and backtest. */
export default function StrategiesPage() {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const user = useAuthSelector((s) => s.context.user);
  const [scope, setScope] = useState<Scope>('all');
  const list = useQuery(signalsApi.listStrategies, { query: { scope, limit: 1000 } }, { tags: [signalsTags.strategyList] });
  const strategies = list.data?.data ?? [];

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('strategies.title')}
        subtitle={t('strategies.subtitle')}
        actions={
          <Link to="/strategies/new" className={linkButtonClass()}>
            {t('strategies.new')}
          </Link>
        }
      />
      <div role="group" aria-label={t('strategies.scope')} className="flex gap-1">
        {(['all', 'own', 'builtin'] as const).map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={scope === id}
            onClick={() => setScope(id)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${scope === id ? 'bg-emerald-600 text-white' : 'bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700'}`}
          >
            {t(`strategies.scopes.${id}`)}
          </button>
        ))}
      </div>
      {list.error ? <Alert tone="error">{errorMessage(list.error, t)}</Alert> : null}
      {!list.data && !list.error ? (
        <Spinner />
      ) : strategies.length === 0 ? (
        <EmptyState title={t('strategies.none')} body={t('strategies.noneHint')} />
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100 dark:divide-slate-700" data-testid="strategies">
            {strategies.map((strategy) => (
              <StrategyRow key={strategy.id} strategy={strategy} language={language} editable={canEdit(strategy, user)} />
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
