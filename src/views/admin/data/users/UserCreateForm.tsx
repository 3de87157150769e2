import { useState, type FormEvent } from 'react';
import { UserCreate, type User } from '../../../../../contract/accounts/schemas';
import { useAppSystem } from '../../../../actors/hooks';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FieldMessages, inputClass, Toggle } from '../../../signals/controls';
import { issuesByPath, serverFieldErrors, type FieldErrors } from '../../../signals/fieldErrors';
import { adminDataApi } from '../adminDataApi';
import { adminMessage } from '../adminMessage';
import { useAdminDataT } from '../useAdminDataT';

interface Draft {
  email: string;
  password: string;
  full_name: string;
  is_active: boolean;
  is_superuser: boolean;
}
const EMPTY: Draft = { email: '', password: '', full_name: '', is_active: true, is_superuser: false };

const toBody = (d: Draft) => ({ ...d, email: d.email.trim(), full_name: d.full_name.trim() || null });

/** A new account: the contract's schema checks it first, then the server's 422 and 409 show beside the fields or as a sentence. */
export function UserCreateForm({ onCreated }: { onCreated: (user: User) => void }) {
  const { t } = useAdminDataT();
  const system = useAppSystem();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = UserCreate.safeParse(toBody(draft));
    if (!checked.success) return setErrors(issuesByPath(checked.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const user = await system.api.call(adminDataApi.createUser, { body: toBody(draft) });
      setDraft(EMPTY);
      onCreated(user);
    } catch (error) {
      const fields = serverFieldErrors(error, ['body']);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(adminMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  const field = (key: 'email' | 'password' | 'full_name', type: string, dir: 'ltr' | 'auto', autoComplete: string) => (
    <div>
      <label className="block">
        <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t(`adminData.users.${key === 'full_name' ? 'name' : key}`)}</span>
        <input className={inputClass} type={type} dir={dir} autoComplete={autoComplete} value={draft[key]} onChange={(e) => set({ [key]: e.target.value })} />
      </label>
      <FieldMessages messages={errors[key]} />
    </div>
  );

  return (
    <form aria-label={t('adminData.users.createTitle')} onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {field('email', 'email', 'ltr', 'off')}
      {field('password', 'password', 'ltr', 'new-password')}
      {field('full_name', 'text', 'auto', 'off')}
      <Toggle label={t('adminData.users.active')} checked={draft.is_active} onChange={(is_active) => set({ is_active })} />
      <Toggle label={t('adminData.users.admin')} checked={draft.is_superuser} onChange={(is_superuser) => set({ is_superuser })} />
      <Button type="submit" disabled={busy}>{busy ? t('adminData.saving') : t('adminData.users.createSubmit')}</Button>
    </form>
  );
}
