import { useState, type FormEvent } from 'react';
import { useAppSystem } from '../../../../actors/hooks';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FieldMessages, inputClass } from '../../../signals/controls';
import { serverFieldErrors } from '../../../signals/fieldErrors';
import { adminDataApi, adminDataTags } from '../adminDataApi';
import { adminMessage } from '../adminMessage';
import { useAdminDataT } from '../useAdminDataT';
import { parseSettingValue, SETTING_NAME } from './settingValue';

/** One setting's value as JSON, checked before it is sent; `name` null adds a new setting. */
export function SettingEditor({ market, name, initial, onDone }: { market: string; name: string | null; initial: string; onDone: () => void }) {
  const { t } = useAdminDataT();
  const system = useAppSystem();
  const [newName, setNewName] = useState('');
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<{ name?: string[]; value?: string[] }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const settingName = name ?? newName.trim();
    const parsed = parseSettingValue(text);
    const nameProblem = SETTING_NAME.test(settingName) ? undefined : [t('adminData.markets.settingNameInvalid')];
    const valueProblem = parsed.ok ? undefined : [t(`adminData.markets.json.${parsed.reason}`)];
    setProblem({ name: nameProblem, value: valueProblem });
    if (nameProblem || !parsed.ok) return;
    setBusy(true);
    setFailure(null);
    try {
      await system.api.call(adminDataApi.setSetting, { params: { name: settingName }, body: { market, value: parsed.value } });
      system.queries.send({ type: 'query.invalidate', tags: [adminDataTags.settings] });
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error, ['body']);
      setProblem({ value: fields.value });
      if (!fields.value) setFailure(adminMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  const title = name ? t('adminData.markets.editSetting', { name }) : t('adminData.markets.addSetting');
  return (
    <form aria-label={title} onSubmit={(e) => void save(e)} noValidate className="space-y-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-900">
      <h3 className="text-sm font-semibold">{title}</h3>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {name === null ? (
        <div>
          <label className="block">
            <span className="mb-1 block text-sm font-medium">{t('adminData.markets.settingName')}</span>
            <input className={`${inputClass} font-mono`} dir="ltr" value={newName} onChange={(e) => setNewName(e.target.value)} />
          </label>
          <FieldMessages messages={problem.name} />
        </div>
      ) : null}
      <div>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t('adminData.markets.settingValueJson')}</span>
          <textarea className={`${inputClass} min-h-[6rem] font-mono`} dir="ltr" spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <FieldMessages messages={problem.value} />
      </div>
      <span className="flex gap-2">
        <Button type="submit" disabled={busy}>{busy ? t('adminData.saving') : t('adminData.save')}</Button>
        <Button kind="secondary" onClick={onDone}>{t('adminData.cancel')}</Button>
      </span>
    </form>
  );
}
