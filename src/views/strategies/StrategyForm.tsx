import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import { useNavigate } from 'react-router-dom';
import { TIMEFRAMES } from '../../../contract/constants';
import type { Timeframe } from '../../../contract/codes';
import type { Strategy } from '../../../contract/signals/strategies';
import { useMutation } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { errorMessage } from '../errorMessage';
import { FieldMessages, SelectField } from '../signals/controls';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../signals/fieldErrors';
import { asDraft, toText, validateBody, type BodyDraft } from './bodyDraft';
import { IndicatorsEditor } from './IndicatorsEditor';
import { JsonEditor } from './JsonEditor';
import { RulesEditor } from './RulesEditor';

export interface StrategyTemplate {
  name: string;
  description: string | null;
  timeframe: Timeframe | null;
  body: unknown;
}

type Tab = 'form' | 'json';

function parseText(text: string): { value: unknown; syntaxError: string | null } {
  try {
    return { value: JSON.parse(text), syntaxError: null };
  } catch (error) {
    return { value: undefined, syntaxError: error instanceof Error ? error.message : String(error) };
  }
}

function merge(a: FieldErrors, b: FieldErrors): FieldErrors {
  const merged: FieldErrors = { ...a };
  for (const [path, messages] of Object.entries(b)) merged[path] = [...new Set([...(merged[path] ?? []), ...messages])];
  return merged;
}

/**
 * Creates (no `strategy`) or edits a strategy. The body is one JSON document edited two ways: a
 * form of indicators and rules, and the JSON itself; both are checked as you type with the
 * contract's StrategyBody, and the server's 422 lands beside the same fields on save.
 */
export function StrategyForm({ strategy, template }: { strategy: Strategy | null; template: StrategyTemplate }) {
  const { t } = useSignalsT();
  const navigate = useNavigate();
  const create = useMutation(signalsApi.createStrategy, { invalidates: [signalsTags.strategyList] });
  const update = useMutation(signalsApi.updateStrategy, { invalidates: strategy ? [signalsTags.strategyList, signalsTags.strategy(strategy.id)] : [] });
  const save = strategy ? update : create;
  const [name, setName] = useState(template.name);
  const [description, setDescription] = useState(template.description ?? '');
  const [timeframe, setTimeframe] = useState<Timeframe | null>(template.timeframe);
  const [text, setText] = useState(() => toText(template.body));
  const [tab, setTab] = useState<Tab>('form');
  const [sentText, setSentText] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);

  const { value, syntaxError } = useMemo(() => parseText(text), [text]);
  const draft = useMemo(() => (syntaxError ? null : asDraft(value)), [value, syntaxError]);
  const clientErrors = useMemo(() => (syntaxError ? {} : validateBody(value)), [value, syntaxError]);
  // The server's errors stand until the body they were about changes.
  const serverBody = sentText === text ? serverFieldErrors(save.error, ['body', 'body']) : {};
  const serverMeta = serverFieldErrors(save.error, ['body']);
  const errors = merge(clientErrors, serverBody);
  const errorCount = Object.values(errors).reduce((n, list) => n + list.length, 0) + (syntaxError ? 1 : 0);

  const saved = save.succeeded ? save.result : null;
  useEffect(() => {
    if (saved) navigate(`/strategies/${saved.id}`);
  }, [saved, navigate]);

  const editForm = (next: BodyDraft) => setText(toText(next));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (syntaxError || hasErrors(clientErrors) || !name.trim()) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    setSentText(text);
    const body = { name: name.trim(), description: description.trim() || null, timeframe, body: value as never };
    if (strategy) update.submit({ params: { id: strategy.id }, body });
    else create.submit({ body });
  };

  const tabButton = (id: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`panel-${id}`}
      onClick={() => setTab(id)}
      className={`rounded-t-lg px-4 py-2 text-sm font-medium ${tab === id ? 'bg-white text-emerald-700 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-emerald-400 dark:ring-slate-700' : 'text-slate-600 hover:text-slate-900 dark:text-slate-300'}`}
    >
      {label}
    </button>
  );
  const otherErrors = Object.entries(serverMeta).filter(([path]) => !['name', 'description', 'timeframe'].includes(path) && !path.startsWith('body'));

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={strategy ? t('strategies.editTitle') : t('strategies.newTitle')}>
      {save.error && !hasErrors(serverMeta) ? <Alert tone="error">{errorMessage(save.error, t)}</Alert> : null}
      {blocked && errorCount > 0 ? <Alert tone="error">{t('strategies.fixFirst', { count: errorCount })}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div>
          <Field label={t('strategies.name')} name="name" value={name} maxLength={120} dir="auto" onChange={(e) => setName(e.target.value)} />
          <FieldMessages messages={[...(blocked && !name.trim() ? [t('strategies.nameRequired')] : []), ...(serverMeta.name ?? [])]} />
        </div>
        <div>
          <SelectField label={t('strategies.timeframe')} value={timeframe ?? ''} onChange={(e) => setTimeframe((e.target.value || null) as Timeframe | null)}>
            <option value="">{t('strategies.anyTimeframe')}</option>
            {TIMEFRAMES.map((tf) => (
              <option key={tf} value={tf}>
                {t(`chart.timeframes.${tf}`)}
              </option>
            ))}
          </SelectField>
          <FieldMessages messages={serverMeta.timeframe} />
        </div>
        <label className="block md:col-span-2">
          <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('strategies.description')}</span>
          <textarea dir="auto" rows={2} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900" />
          <FieldMessages messages={serverMeta.description} />
        </label>
      </div>
      {otherErrors.length ? <FieldMessages messages={otherErrors.flatMap(([path, list]) => list.map((m) => `${path}: ${m}`))} /> : null}

      <div>
        <div role="tablist" aria-label={t('strategies.bodyViews')} className="flex items-end gap-1">
          {tabButton('form', t('strategies.formTab'))}
          {tabButton('json', t('strategies.jsonTab'))}
          <span data-testid="error-count" data-count={errorCount} className={`ms-auto pb-2 text-xs font-medium ${errorCount ? 'text-rose-700 dark:text-rose-300' : 'text-emerald-700 dark:text-emerald-400'}`}>
            {errorCount ? t('strategies.errorCount', { count: errorCount }) : t('strategies.valid')}
          </span>
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="rounded-b-lg rounded-se-lg bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
          {tab === 'json' ? (
            <JsonEditor text={text} onChange={setText} syntaxError={syntaxError} errors={errors} />
          ) : draft ? (
            <div className="space-y-6">
              <FieldMessages messages={errors['']} />
              <IndicatorsEditor body={draft} onChange={editForm} errors={errors} />
              <RulesEditor body={draft} onChange={editForm} errors={errors} />
            </div>
          ) : (
            <Alert tone="error">{syntaxError ? t('strategies.formNeedsJson') : t('strategies.formNeedsObject')}</Alert>
          )}
        </div>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.submitting}>
          {save.submitting ? t('common.saving') : strategy ? t('common.save') : t('strategies.create')}
        </Button>
        <Button kind="secondary" onClick={() => navigate(strategy ? `/strategies/${strategy.id}` : '/strategies')}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
