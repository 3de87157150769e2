import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useAuthRef, useAuthSelector } from '../../actors/hooks';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { translateMessage } from '../errorMessage';
import { AuthLayout } from '../layout/AuthLayout';

/** Only same-site paths are followed after sign-in, never another origin. */
export const safeNext = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/');

export function LoginPage() {
  const { t } = useTranslation();
  const auth = useAuthRef();
  const [params] = useSearchParams();
  const loggedIn = useAuthSelector((s) => s.matches('loggedIn'));
  const pending = useAuthSelector((s) => s.hasTag('loading'));
  const loginError = useAuthSelector((s) => s.context.loginError);
  const flashMessage = useAuthSelector((s) => s.context.flashMessage);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (loggedIn) return <Navigate to={safeNext(params.get('next'))} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    auth.send({ type: 'auth.login', email, password });
  };

  return (
    <AuthLayout title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {flashMessage ? (
          <Alert tone="info" onDismiss={() => auth.send({ type: 'auth.clearFlash' })}>
            {t(`flash.${flashMessage}`, { defaultValue: flashMessage })}
          </Alert>
        ) : null}
        {params.get('registered') ? <Alert tone="success">{t('auth.registered')}</Alert> : null}
        {loginError ? <Alert tone="error">{translateMessage(loginError, t)}</Alert> : null}
        <Field label={t('auth.email')} type="email" name="email" dir="ltr" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field label={t('auth.password')} type="password" name="password" dir="ltr" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" className="w-full" disabled={pending || !email || !password}>
          {pending ? t('auth.submitting') : t('auth.submit')}
        </Button>
        <p className="text-center text-sm text-slate-600 dark:text-slate-300">
          {t('auth.noAccount')}{' '}
          <Link className="font-medium text-emerald-700 hover:underline dark:text-emerald-400" to="/register">
            {t('auth.toRegister')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
