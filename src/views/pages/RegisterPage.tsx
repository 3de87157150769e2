import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { accountEndpoints } from '../../../contract/accounts/endpoints';
import { pick } from '../../../contract/endpoint';
import { useMutation } from '../../actors/hooks';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { errorMessage } from '../errorMessage';
import { AuthLayout } from '../layout/AuthLayout';

const openAccount = pick(accountEndpoints, 'accounts.open');

export default function RegisterPage() {
  const { t } = useTranslation();
  const registration = useMutation(openAccount);
  const [form, setForm] = useState({ full_name: '', email: '', password: '' });

  if (registration.succeeded) return <Navigate to="/login?registered=1" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    registration.submit({ body: { ...form, full_name: form.full_name || null } });
  };
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  return (
    <AuthLayout title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {registration.error ? <Alert tone="error">{errorMessage(registration.error, t)}</Alert> : null}
        <Field label={t('auth.fullName')} name="full_name" autoComplete="name" value={form.full_name} onChange={set('full_name')} />
        <Field label={t('auth.email')} type="email" name="email" dir="ltr" autoComplete="email" required value={form.email} onChange={set('email')} />
        <Field
          label={t('auth.password')}
          hint={t('auth.passwordHint')}
          type="password"
          name="password"
          dir="ltr"
          autoComplete="new-password"
          required
          minLength={8}
          value={form.password}
          onChange={set('password')}
        />
        <Button type="submit" className="w-full" disabled={registration.submitting || !form.email || form.password.length < 8}>
          {registration.submitting ? t('auth.registering') : t('auth.registerSubmit')}
        </Button>
        <p className="text-center text-sm text-slate-600 dark:text-slate-300">
          {t('auth.haveAccount')}{' '}
          <Link className="font-medium text-emerald-700 hover:underline dark:text-emerald-400" to="/login">
            {t('auth.toLogin')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
