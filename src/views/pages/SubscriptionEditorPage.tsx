import { useEffect, useState, type FormEvent } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { TIMEFRAMES } from '../../../contract/constants';
import type { Timeframe } from '../../../contract/codes';
import type { Subscription } from '../../../contract/signals/relations';
import { useMutation, useQuery, useShellSelector } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field } from '../components/Field';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { FieldMessages, PageHeader, SelectField, Toggle } from '../signals/controls';
import { errorsUnder, serverFieldErrors } from '../signals/fieldErrors';
import { GroupPicker } from '../signals/GroupPicker';
import { bodyOf, CONFIRMATION_MODES, draftOf, draftProblems, sortStrategies, type SubscriptionDraft } from '../signals/subscriptionForm';

const INVALIDATES = [signalsTags.subscriptions, signalsTags.scores];

function SubscriptionForm({ subscription }: { subscription: Subscription | null }) {
  const { t } = useSignalsT();
  const navigate = useNavigate();
  const language = useShellSelector((s) => s.context.language);
  const strategies = useQuery(signalsApi.listStrategiesForSubscriptions, { query: { limit: 1000 } }, { tags: [signalsTags.strategyList] });
  const groups = useQuery(signalsApi.listGroups, { query: { include_symbols: false } }, { tags: [signalsTags.groups] });
  const create = useMutation(signalsApi.createSubscription, { invalidates: INVALIDATES });
  const update = useMutation(signalsApi.updateSubscription, { invalidates: INVALIDATES });
  const save = subscription ? update : create;
  const [draft, setDraft] = useState<SubscriptionDraft>(() => draftOf(subscription));
  const [tried, setTried] = useState(false);
  const set = <K extends keyof SubscriptionDraft>(key: K, value: SubscriptionDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  useEffect(() => {
    if (save.succeeded) navigate('/subscriptions');
  }, [save.succeeded, navigate]);

  const problems = draftProblems(draft);
  const server = serverFieldErrors(save.error, ['body']);
  const messages = (field: keyof SubscriptionDraft) => [...(tried && field in problems ? [t(problems[field as keyof typeof problems]!)] : []), ...errorsUnder(server, field).flatMap(([, list]) => list)];
  const strategyList = sortStrategies(strategies.data?.data ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length) return;
    if (subscription) update.submit({ body: { id: subscription.id, ...bodyOf(draft) } });
    else create.submit({ body: bodyOf(draft) });
  };

  const pickStrategy = (id: number | null) => {
    const hint = strategyList.find((s) => s.id === id)?.timeframe;
    setDraft((d) => ({ ...d, strategy_id: id, timeframe: !subscription && hint ? hint : d.timeframe }));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={subscription ? t('subscriptions.editTitle') : t('subscriptions.newTitle')}>
      {save.error && Object.keys(server).length === 0 ? <Alert tone="error">{errorMessage(save.error, t)}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <Field label={t('subscriptions.name')} name="name" value={draft.name} maxLength={120} dir="auto" onChange={(e) => set('name', e.target.value)} />
          <FieldMessages messages={messages('name')} />
        </div>
        <div>
          <SelectField label={t('subscriptions.strategy')} name="strategy" value={draft.strategy_id ?? ''} onChange={(e) => pickStrategy(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{strategies.isLoading ? t('common.loading') : t('subscriptions.chooseStrategy')}</option>
            {strategyList.map((s) => (
              <option key={s.id} value={s.id}>
                {s.is_builtin ? `${s.name} · ${t('strategies.builtin')}` : s.name}
              </option>
            ))}
          </SelectField>
          <FieldMessages messages={messages('strategy_id')} />
        </div>
        <div>
          <SelectField label={t('subscriptions.timeframe')} name="timeframe" value={draft.timeframe} onChange={(e) => set('timeframe', e.target.value as Timeframe)}>
            {TIMEFRAMES.map((tf) => (
              <option key={tf} value={tf}>
                {t(`chart.timeframes.${tf}`)}
              </option>
            ))}
          </SelectField>
          <FieldMessages messages={messages('timeframe')} />
        </div>
        <div>
          <label className="block">
            <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('subscriptions.listingLevel')}</span>
            <span className="flex items-center gap-3">
              <input type="range" min={0} max={100} step={1} value={draft.listing_level} onChange={(e) => set('listing_level', Number(e.target.value))} className="min-w-0 flex-1 accent-emerald-600" aria-label={t('subscriptions.listingLevel')} />
              <input
                type="number"
                min={0}
                max={100}
                name="listing_level"
                value={draft.listing_level}
                onChange={(e) => set('listing_level', Math.max(0, Math.min(100, Math.round(Number(e.target.value) || 0))))}
                className="w-20 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm tabular-nums dark:border-slate-600 dark:bg-slate-900"
                aria-label={t('subscriptions.listingLevelValue')}
              />
            </span>
            <span className="mt-1 block text-xs text-slate-500">{t('subscriptions.listingLevelHint', { level: new Intl.NumberFormat(language).format(draft.listing_level) })}</span>
          </label>
          <FieldMessages messages={messages('listing_level')} />
        </div>
      </div>
      <div>
        <GroupPicker groups={groups.data?.data ?? []} value={draft.group_ids} onChange={(ids) => set('group_ids', ids)} language={language} />
        <FieldMessages messages={messages('group_ids')} />
        {groups.data && groups.data.data.length === 0 ? (
          <Link to="/watchlists" className="mt-1 inline-block text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
            {t('subscriptions.toWatchlists')}
          </Link>
        ) : null}
      </div>
      <fieldset>
        <legend className="mb-2 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('subscriptions.confirmationMode')}</legend>
        <div className="grid gap-2 md:grid-cols-3">
          {CONFIRMATION_MODES.map((mode) => (
            <label
              key={mode}
              className={`flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ${draft.confirmation_mode === mode ? 'bg-emerald-50 ring-emerald-500 dark:bg-emerald-950' : 'ring-slate-200 dark:ring-slate-700'}`}
            >
              <input type="radio" name="confirmation_mode" value={mode} checked={draft.confirmation_mode === mode} onChange={() => set('confirmation_mode', mode)} className="mt-1" />
              <span>
                <span className="block text-sm font-medium">{t(`subscriptions.modes.${mode}`)}</span>
                <span className="block text-xs text-slate-500">{t(`subscriptions.modeHints.${mode}`)}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldMessages messages={messages('confirmation_mode')} />
      </fieldset>
      <div className="max-w-sm">
        <Toggle label={t('subscriptions.active')} hint={t('subscriptions.activeHint')} checked={draft.is_active} onChange={(on) => set('is_active', on)} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.submitting}>
          {save.submitting ? t('common.saving') : subscription ? t('common.save') : t('subscriptions.create')}
        </Button>
        <Link to="/subscriptions" className="inline-flex items-center rounded-lg px-4 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}

/** `/subscriptions/new` and `/subscriptions/:id`: a subscription's strategy, timeframe, groups, listing level, confirmation mode and state. */
export default function SubscriptionEditorPage() {
  const { t } = useSignalsT();
  const { id } = useParams();
  const subscriptionId = id && id !== 'new' ? Number(id) : null;
  return (
    <div className="space-y-5">
      <PageHeader title={subscriptionId ? t('subscriptions.editTitle') : t('subscriptions.newTitle')} subtitle={t('subscriptions.editorSubtitle')} />
      <Card>{subscriptionId ? <ExistingSubscription id={subscriptionId} /> : <SubscriptionForm subscription={null} />}</Card>
    </div>
  );
}

function ExistingSubscription({ id }: { id: number }) {
  const { t } = useSignalsT();
  const subscription = useQuery(signalsApi.ownSubscriptions, {}, { tags: [signalsTags.subscriptions] });
  if (subscription.error) return <Alert tone="error">{errorMessage(subscription.error, t)}</Alert>;
  if (!subscription.data) return <Spinner />;
  const found = subscription.data.data.find((s) => s.id === id);
  if (!found) return <Alert tone="error">{t('subscriptions.notFound')}</Alert>;
  return <SubscriptionForm key={found.id} subscription={found} />;
}
