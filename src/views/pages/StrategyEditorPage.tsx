import { useSignalsT } from '../signals/useSignalsT';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useAuthSelector, useQuery, useShellSelector } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { Alert } from '../components/Alert';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { linkButtonClass, PageHeader } from '../signals/controls';
import { STARTER_BODY } from '../strategies/bodyDraft';
import { inLanguage } from '../strategies/describe';
import { canEdit } from '../strategies/permissions';
import { StrategyForm, type StrategyTemplate } from '../strategies/StrategyForm';
import { StrategyView } from '../strategies/StrategyView';

const NEW: StrategyTemplate = { name: '', description: null, timeframe: '1h', body: STARTER_BODY };

/** A strategy read whole (with its body), for viewing, editing or copying. */
function useStrategy(id: number | null) {
  return useQuery(signalsApi.getStrategy, { params: { id: id ?? 0 }, query: { with_body: true } }, { tags: id ? [signalsTags.strategy(id)] : [] });
}

function NewStrategy() {
  const { t } = useSignalsT();
  const [params] = useSearchParams();
  const from = Number(params.get('from')) || null;
  return (
    <div className="space-y-5">
      <PageHeader title={t('strategies.newTitle')} subtitle={t('strategies.editorSubtitle')} />
      {from ? <CopyOf id={from} /> : <StrategyForm strategy={null} template={NEW} />}
    </div>
  );
}

/** A new strategy starting from another one (a built-in to adapt). */
function CopyOf({ id }: { id: number }) {
  const { t } = useSignalsT();
  const source = useStrategy(id);
  if (source.error) return <Alert tone="error">{errorMessage(source.error, t)}</Alert>;
  if (!source.data) return <Spinner />;
  const s = source.data;
  return <StrategyForm strategy={null} template={{ name: t('strategies.copyName', { name: s.name }), description: s.description, timeframe: s.timeframe, body: s.body }} />;
}

function ExistingStrategy({ id, editing }: { id: number; editing: boolean }) {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const iso = useShellSelector((s) => s.context.languageIso) as 'fa' | 'en';
  const user = useAuthSelector((s) => s.context.user);
  const strategy = useStrategy(id);
  if (strategy.error) return <Alert tone="error">{errorMessage(strategy.error, t)}</Alert>;
  if (!strategy.data) return <Spinner />;
  const s = strategy.data;
  const editable = canEdit(s, user);
  const actions = editing ? null : (
    <>
      <Link to={`/backtest?strategy=${s.id}`} className={linkButtonClass('secondary')}>
        {t('strategies.backtest')}
      </Link>
      {editable ? (
        <Link to={`/strategies/${s.id}/edit`} className={linkButtonClass()}>
          {t('strategies.edit')}
        </Link>
      ) : (
        <Link to={`/strategies/new?from=${s.id}`} className={linkButtonClass()}>
          {t('strategies.duplicate')}
        </Link>
      )}
    </>
  );
  const subtitle = [
    s.is_builtin ? t('strategies.builtin') : null,
    t('strategies.versionShort', { version: new Intl.NumberFormat(language).format(s.version) }),
    s.timeframe ? t(`chart.timeframes.${s.timeframe}`) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="space-y-5">
      <Link to="/strategies" className="text-sm text-emerald-700 hover:underline dark:text-emerald-400">
        {t('strategies.back')}
      </Link>
      <PageHeader title={editing ? t('strategies.editNamed', { name: s.name }) : s.name} subtitle={subtitle} actions={actions} />
      {!editing && s.description ? (
        <p className="whitespace-pre-line text-sm text-slate-600 dark:text-slate-300" dir="auto">
          {inLanguage(s.description, iso)}
        </p>
      ) : null}
      {editing ? (
        editable ? (
          <StrategyForm key={s.id} strategy={s} template={{ name: s.name, description: s.description, timeframe: s.timeframe, body: s.body }} />
        ) : (
          <Alert tone="error">{t('strategies.notYours')}</Alert>
        )
      ) : (
        <StrategyView strategy={s} />
      )}
    </div>
  );
}

/** `/strategies/new` (`?from=<id>` to start from a copy), `/strategies/:id` (read) and `/strategies/:id/edit`. */
export default function StrategyEditorPage() {
  const { id } = useParams();
  const editing = useLocation().pathname.endsWith('/edit');
  const strategyId = id ? Number(id) : null;
  if (!strategyId) return <NewStrategy />;
  return <ExistingStrategy key={strategyId} id={strategyId} editing={editing} />;
}
