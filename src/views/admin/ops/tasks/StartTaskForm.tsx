import { useMemo, useState, type FormEvent } from 'react';
import { TASK_NAMES, type TaskName } from '../../../../../contract/codes';
import type { TaskInfo } from '../../../../../contract/system/tasks';
import { adminTasksApi } from '../../../../actors/adminTasksEndpoints';
import { useAppSystem } from '../../../../actors/hooks';
import { ApiError } from '../../../../services/apiErrors';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { errorMessage } from '../../../errorMessage';
import { FieldMessages, inputClass, SelectField, Toggle } from '../../../signals/controls';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../../../signals/fieldErrors';
import { taskLabelKey } from '../labels';
import { useAdminOpsT } from '../useAdminOpsT';
import { ArgsFields } from './ArgsFields';
import { argsFormOf, checkArgs, initialJson, initialValues, parseJsonArgs, toArgs, type ArgValue, type ArgValues } from './argsForm';

const DEFAULT_TASK: TaskName = 'market.backfill';

/**
 * Start a task by name: its argument form comes from the contract's schema and is checked as the
 * admin types; the server's 422 lands beside the same fields, a 409 (prevent_concurrent) and a
 * 404 become sentences. The started task goes to `onStarted` so the table shows it at once.
 */
export function StartTaskForm({ onStarted }: { onStarted: (task: TaskInfo) => void }) {
  const { t } = useAdminOpsT();
  const system = useAppSystem();
  const [name, setName] = useState<TaskName>(DEFAULT_TASK);
  const form = useMemo(() => argsFormOf(name), [name]);
  const [values, setValues] = useState<ArgValues>(() => initialValues(DEFAULT_TASK));
  const [json, setJson] = useState(() => initialJson(DEFAULT_TASK));
  const [preventConcurrent, setPreventConcurrent] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const parsed = form.kind === 'json' ? parseJsonArgs(json) : { args: toArgs(form.fields, values), errors: {} };
  const schemaErrors: FieldErrors = parsed.args ? checkArgs(name, parsed.args) : parsed.errors;
  // The schema speaks as soon as a field is touched (or on submit); the server's errors stay until the field changes.
  const shown: FieldErrors = { ...serverErrors };
  for (const [path, messages] of Object.entries(schemaErrors)) {
    const field = path.split(/[.[]/)[0] ?? '';
    if (submitted || touched.has(field) || form.kind === 'json') shown[path] = messages;
  }

  const pick = (next: TaskName) => {
    setName(next);
    setValues(initialValues(next));
    setJson(initialJson(next));
    setTouched(new Set());
    setSubmitted(false);
    setServerErrors({});
    setFailure(null);
  };
  const change = (key: string, value: ArgValue) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setTouched((previous) => new Set(previous).add(key));
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!parsed.args || hasErrors(schemaErrors)) return;
    setBusy(true);
    try {
      const task = await system.api.call(adminTasksApi.start, {
        query: { task_name: name, prevent_concurrent: preventConcurrent || undefined, args: JSON.stringify(parsed.args) },
      });
      setServerErrors({});
      onStarted(task);
    } catch (error) {
      const fields = serverFieldErrors(error, ['query', 'args']);
      setServerErrors(fields);
      setFailure(failureSentence(error, fields));
    } finally {
      setBusy(false);
    }
  };

  const failureSentence = (error: unknown, fields: FieldErrors) => {
    if (hasErrors(fields)) return t('adminOps.start.fixFields');
    if (error instanceof ApiError && error.status === 409) return `${t('adminOps.start.alreadyRunning', { name: t(taskLabelKey(name)) })} (${error.message})`;
    if (error instanceof ApiError && error.status === 404) return `${t('adminOps.start.unknownTask')} (${error.message})`;
    return errorMessage(error, t);
  };

  return (
    <form aria-label={t('adminOps.start.title')} onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <SelectField label={t('adminOps.start.name')} value={name} onChange={(e) => pick(e.target.value as TaskName)}>
          {TASK_NAMES.map((task) => <option key={task} value={task}>{`${t(taskLabelKey(task))} (${task})`}</option>)}
        </SelectField>
        <div className="pb-1">
          <Toggle label={t('adminOps.start.preventConcurrent')} checked={preventConcurrent} onChange={setPreventConcurrent} />
        </div>
      </div>
      {form.kind === 'json' ? (
        <div>
          <label className="block">
            <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('adminOps.start.json')}</span>
            <textarea className={`${inputClass} min-h-[10rem] font-mono`} dir="ltr" spellCheck={false} value={json} onChange={(e) => setJson(e.target.value)} />
          </label>
          <span className="mt-1 block text-xs text-slate-500">{t('adminOps.start.jsonHint')}</span>
          <FieldMessages messages={Object.entries(shown).map(([path, messages]) => (path ? `${path}: ${messages.join(', ')}` : messages.join(', ')))} />
        </div>
      ) : (
        <ArgsFields fields={form.fields} values={values} errors={shown} onChange={change} />
      )}
      <Button type="submit" disabled={busy}>{busy ? t('adminOps.start.submitting') : t('adminOps.start.submit')}</Button>
    </form>
  );
}
