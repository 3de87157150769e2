import { useState, type FormEvent } from 'react';
import type { TaskInfo } from '../../../../../contract/system/tasks';
import { adminTasksApi } from '../../../../actors/adminTasksEndpoints';
import { useAppSystem } from '../../../../actors/hooks';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { errorMessage } from '../../../errorMessage';
import { inputClass } from '../../../signals/controls';
import { useAdminOpsT } from '../useAdminOpsT';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The utility rows: start the runner's test task, and send a test mail to an address. */
export function UtilityActions({ onStarted }: { onStarted: (task: TaskInfo) => void }) {
  const { t } = useAdminOpsT();
  const system = useAppSystem();
  const [asking, setAsking] = useState(false);
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: await work() });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };
  const testCelery = () =>
    run(async () => {
      const task = await system.api.call(adminTasksApi.testCelery, {});
      onStarted(task);
      return t('adminOps.utility.testCeleryStarted', { id: task.id });
    });
  const testEmail = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const answer = await system.api.call(adminTasksApi.testEmail, { query: { email_to: address.trim() } });
      setAsking(false);
      return t('adminOps.utility.emailSent', { transport: t(`adminOps.utility.transports.${answer.transport}`), id: answer.message_id ?? t('adminOps.none') });
    });
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button kind="secondary" disabled={busy} onClick={() => void testCelery()}>{t('adminOps.utility.testCelery')}</Button>
        <Button kind="secondary" disabled={busy} aria-expanded={asking} onClick={() => setAsking((on) => !on)}>{t('adminOps.utility.testEmail')}</Button>
      </div>
      {asking ? (
        <form className="flex flex-wrap items-end gap-2" aria-label={t('adminOps.utility.testEmail')} onSubmit={testEmail}>
          <label className="block min-w-[14rem] flex-1">
            <span className="mb-1 block text-sm font-medium">{t('adminOps.utility.emailTo')}</span>
            <input className={inputClass} type="email" dir="ltr" required value={address} onChange={(e) => setAddress(e.target.value)} />
          </label>
          <Button type="submit" disabled={busy || !address.trim()}>{t('adminOps.utility.send')}</Button>
        </form>
      ) : null}
      {notice ? <Alert tone={notice.tone} onDismiss={() => setNotice(null)}><span data-testid="utility-notice">{notice.text}</span></Alert> : null}
    </div>
  );
}
