import { useState, type FormEvent } from 'react';
import type { User } from '../../../../../contract/accounts/schemas';
import { useAppSystem } from '../../../../actors/hooks';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FieldMessages, inputClass, Toggle } from '../../../signals/controls';
import { serverFieldErrors, type FieldErrors } from '../../../signals/fieldErrors';
import { adminDataApi } from '../adminDataApi';
import { adminMessage } from '../adminMessage';
import { useAdminDataT } from '../useAdminDataT';
import { PasswordResetButton } from './PasswordResetButton';

/** Name, active and admin of one user; the server keeps the last active admin (its 409 is shown as a sentence). */
export function UserEditor({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const { t } = useAdminDataT();
  const system = useAppSystem();
  const [name, setName] = useState(user.full_name ?? '');
  const [active, setActive] = useState(user.is_active);
  const [admin, setAdmin] = useState(user.is_superuser);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      const body = { full_name: name.trim() || null, is_active: active, is_superuser: admin };
      const saved = await system.api.call(adminDataApi.updateUser, { params: { userId: user.id }, body });
      setNotice({ tone: 'success', text: t('adminData.users.saved') });
      onSaved(saved);
    } catch (error) {
      const fields = serverFieldErrors(error, ['body']);
      setErrors(fields);
      setNotice(Object.keys(fields).length ? null : { tone: 'error', text: adminMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-500" dir="ltr"><span className="block text-start">{user.email}</span></p>
      {notice ? <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>{notice.text}</Alert> : null}
      <form aria-label={t('adminData.users.editTitle')} onSubmit={(e) => void save(e)} noValidate className="space-y-4">
        <div>
          <label className="block">
            <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('adminData.users.name')}</span>
            <input className={inputClass} dir="auto" value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <FieldMessages messages={errors.full_name} />
        </div>
        <Toggle label={t('adminData.users.active')} checked={active} onChange={setActive} />
        <Toggle label={t('adminData.users.admin')} checked={admin} onChange={setAdmin} />
        <Button type="submit" disabled={busy}>{busy ? t('adminData.saving') : t('adminData.save')}</Button>
      </form>
      <section className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <h3 className="text-sm font-semibold">{t('adminData.users.resetTitle')}</h3>
        <p className="text-xs text-slate-500">{t('adminData.users.resetHint')}</p>
        <PasswordResetButton email={user.email} />
      </section>
    </div>
  );
}
