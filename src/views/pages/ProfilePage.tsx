import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountEndpoints, profileEndpoints } from '../../../contract/accounts/endpoints';
import type { Profile } from '../../../contract/accounts/schemas';
import { pick } from '../../../contract/endpoint';
import { useAuthSelector, useMutation, useQuery, useShellRef, useShellSelector } from '../../actors/hooks';
import { LANGUAGES } from '../../i18n';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field } from '../components/Field';
import { errorMessage } from '../errorMessage';

const getProfile = pick(profileEndpoints, 'profile.get');
const saveProfile = pick(profileEndpoints, 'profile.update');
const updateUser = pick(accountEndpoints, 'accounts.update');
const readSecret = pick(accountEndpoints, 'accounts.secret');

const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

type ProfileForm = Pick<Profile, 'display_name' | 'language' | 'theme' | 'timezone' | 'default_market'>;

function ProfileSettings({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const shell = useShellRef();
  const markets = useShellSelector((s) => s.context.config?.markets ?? []);
  const save = useMutation(saveProfile, { invalidates: ['profile'] });
  const [form, setForm] = useState<ProfileForm>(profile);
  const timeZones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);

  useEffect(() => {
    if (save.succeeded && save.result) shell.send({ type: 'shell.profileLoaded', profile: save.result });
  }, [save.succeeded, save.result, shell]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.submit({ body: { ...form, display_name: form.display_name || null } });
  };

  return (
    <Card title={t('profile.title')}>
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2 space-y-2">
          {save.error ? <Alert tone="error">{errorMessage(save.error, t)}</Alert> : null}
          {save.succeeded ? <Alert tone="success">{t('common.saved')}</Alert> : null}
        </div>
        <Field label={t('profile.displayName')} name="display_name" value={form.display_name ?? ''} onChange={(e) => setForm({ ...form, display_name: e.target.value })} />
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t('profile.language')}</span>
          <select name="language" className={selectClass} value={form.language} onChange={(e) => setForm({ ...form, language: e.target.value as Profile['language'] })}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`languages.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t('profile.theme')}</span>
          <select name="theme" className={selectClass} value={form.theme} onChange={(e) => setForm({ ...form, theme: e.target.value as Profile['theme'] })}>
            <option value="light">{t('header.themeLight')}</option>
            <option value="dark">{t('header.themeDark')}</option>
          </select>
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t('profile.timezone')}</span>
          <select name="timezone" dir="ltr" className={selectClass} value={form.timezone} onChange={(e) => setForm({ ...form, timezone: e.target.value })}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t('profile.defaultMarket')}</span>
          <select
            name="default_market"
            className={selectClass}
            value={form.default_market ?? ''}
            onChange={(e) => setForm({ ...form, default_market: e.target.value || null })}
          >
            <option value="">{t('profile.none')}</option>
            {markets.map((m) => (
              <option key={m} value={m}>
                {t(`markets.${m}`, { defaultValue: m })}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t('profile.defaultPortfolio')}</span>
          <select name="default_portfolio_id" className={selectClass} disabled value="">
            <option value="">{t('profile.none')}</option>
          </select>
        </label>
        <div className="md:col-span-2">
          <Button type="submit" disabled={save.submitting}>
            {save.submitting ? t('common.saving') : t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PasswordChange() {
  const { t } = useTranslation();
  const userId = useAuthSelector((s) => s.context.user?.id ?? 0);
  const change = useMutation(updateUser);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.submit({ params: { userId }, body: { password } });
  };
  return (
    <Card title={t('profile.changePassword')}>
      <form onSubmit={submit} className="space-y-3">
        {change.error ? <Alert tone="error">{errorMessage(change.error, t)}</Alert> : null}
        {change.succeeded ? <Alert tone="success">{t('profile.passwordChanged')}</Alert> : null}
        <Field label={t('profile.newPassword')} hint={t('auth.passwordHint')} type="password" dir="ltr" autoComplete="new-password" minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" disabled={change.submitting || password.length < 8}>
          {t('common.save')}
        </Button>
      </form>
    </Card>
  );
}

function ApiKey() {
  const { t } = useTranslation();
  const secret = useQuery(readSecret, {});
  const [visible, setVisible] = useState(false);
  const [copied, setCopied] = useState(false);
  const key = secret.data?.api_key ?? '';
  return (
    <Card title={t('profile.apiKey')}>
      <p className="mb-3 text-sm text-slate-500">{t('profile.apiKeyHint')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="api-key" dir="ltr" className="flex-1 truncate rounded bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
          {key ? (visible ? key : `${key.slice(0, 4)}${'•'.repeat(24)}`) : t('common.loading')}
        </code>
        <Button kind="secondary" onClick={() => setVisible(!visible)} disabled={!key}>
          {visible ? t('common.hide') : t('common.show')}
        </Button>
        <Button
          kind="secondary"
          disabled={!key}
          onClick={() => void navigator.clipboard?.writeText(key).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? t('common.copied') : t('common.copy')}
        </Button>
      </div>
    </Card>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useQuery(getProfile, {}, { tags: ['profile'] });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t('profile.title')}</h1>
      {profile.error ? <Alert tone="error">{errorMessage(profile.error, t)}</Alert> : null}
      {profile.data ? <ProfileSettings profile={profile.data} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <PasswordChange />
        <ApiKey />
      </div>
    </div>
  );
}
