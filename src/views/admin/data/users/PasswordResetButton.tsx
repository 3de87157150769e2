import { useState } from 'react';
import { useAppSystem } from '../../../../actors/hooks';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { adminDataApi } from '../adminDataApi';
import { adminMessage } from '../adminMessage';
import { useAdminDataT } from '../useAdminDataT';

type Step = { at: 'idle' } | { at: 'asking' } | { at: 'sending' } | { at: 'sent' } | { at: 'failed'; message: string };

/** Mails the user a reset link through the recovery call, after asking once: the mail goes to a real person. */
export function PasswordResetButton({ email }: { email: string }) {
  const { t } = useAdminDataT();
  const system = useAppSystem();
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const send = async () => {
    setStep({ at: 'sending' });
    try {
      await system.api.call(adminDataApi.passwordRecovery, { params: { email } });
      setStep({ at: 'sent' });
    } catch (error) {
      setStep({ at: 'failed', message: adminMessage(error, t) });
    }
  };
  if (step.at === 'asking' || step.at === 'sending') {
    return (
      <div role="group" aria-label={t('adminData.users.resetConfirm', { email })} className="space-y-2">
        <p className="text-sm">{t('adminData.users.resetConfirm', { email })}</p>
        <span className="flex flex-wrap gap-2">
          <Button disabled={step.at === 'sending'} onClick={() => void send()}>{t('adminData.users.resetSend')}</Button>
          <Button kind="secondary" onClick={() => setStep({ at: 'idle' })}>{t('adminData.cancel')}</Button>
        </span>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {step.at === 'sent' ? <Alert tone="success">{t('adminData.users.resetSent', { email })}</Alert> : null}
      {step.at === 'failed' ? <Alert tone="error">{step.message}</Alert> : null}
      <Button kind="secondary" onClick={() => setStep({ at: 'asking' })}>{t('adminData.users.resetButton')}</Button>
    </div>
  );
}
