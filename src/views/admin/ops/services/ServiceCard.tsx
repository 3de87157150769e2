import { useState } from 'react';
import type { ServiceInfo } from '../../../../../contract/system/services';
import { adminServicesApi } from '../../../../actors/adminServicesEndpoints';
import { useAppSystem } from '../../../../actors/hooks';
import { formatDateTime, formatNumber } from '../../../../i18n/format';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { errorMessage } from '../../../errorMessage';
import { inputClass } from '../../../signals/controls';
import { Chip } from '../Chip';
import { ConfirmDialog } from '../ConfirmDialog';
import { SERVICE_CHIP, serviceLabel } from '../labels';
import { useAdminOpsT } from '../useAdminOpsT';
import { commandButtons, commandUseless, type CommandButton } from './serviceCommands';
import { dataLabel, dataValue, formatDuration } from './serviceFormat';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** One service: status, uptime, last error, restarts, where it runs, its figures, and its commands. */
export function ServiceCard({ service, now, language, onUpdated }: { service: ServiceInfo; now: number; language: string; onUpdated: (service: ServiceInfo) => void }) {
  const { t } = useAdminOpsT();
  const system = useAppSystem();
  const label = serviceLabel(service, t);
  const [asking, setAsking] = useState<CommandButton | null>(null);
  const [args, setArgs] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const commandLabel = (name: string) => t(`adminOps.services.commands.${name}`, { defaultValue: name });
  const when = (iso: string) => formatDateTime(Date.parse(iso), language);

  const send = async (command: CommandButton, values: Record<string, string>) => {
    setBusy(true);
    setNotice(null);
    try {
      const body = Object.fromEntries(command.args.map((key) => [key, (values[key] ?? '').trim()]));
      const answer = await system.api.call(adminServicesApi.sendCommand, { query: { service_name: service.name, command: command.name }, body });
      onUpdated(answer.service);
      // The server's `msg` is English; the admin reads the same facts in their language.
      const status = t(`adminOps.services.statuses.${answer.service.status}`);
      setNotice({ tone: 'success', text: t('adminOps.services.answered', { command: commandLabel(command.name), service: label, status }) });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };
  const press = (command: CommandButton) => {
    if (!command.destructive && !command.args.length) return void send(command, {});
    setArgs({});
    setAsking(command);
  };

  const facts: [string, string][] = [];
  if (service.started_at) facts.push([t('adminOps.services.uptime'), formatDuration(now - Date.parse(service.started_at), language, t)]);
  facts.push([t('adminOps.services.restarts'), formatNumber(service.restart_count, language)]);
  if (service.next_restart_at) facts.push([t('adminOps.services.nextRestart'), when(service.next_restart_at)]);
  facts.push([t('adminOps.services.where'), service.pid ? `${service.host} · ${service.pid}` : service.host]);

  return (
    <article aria-label={label} data-testid={`service-${service.name}`} className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">{label}</h2>
          <p className="font-mono text-xs text-slate-500" dir="ltr">{service.name}</p>
        </div>
        <Chip className={SERVICE_CHIP[service.status]} testId={`service-status-${service.name}`}>{t(`adminOps.services.statuses.${service.status}`)}</Chip>
      </header>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="tabular-nums" dir="auto">{value}</dd>
          </div>
        ))}
      </dl>
      {service.last_error ? (
        <div className="rounded-lg bg-rose-50 p-3 text-sm text-rose-800 dark:bg-rose-950 dark:text-rose-200" data-testid="service-last-error">
          <p className="font-medium">{t('adminOps.services.lastError')} · <span className="tabular-nums">{when(service.last_error.at)}</span></p>
          <p dir="auto">{service.last_error.message}</p>
        </div>
      ) : null}
      <section>
        <h3 className="mb-1 text-sm font-medium">{t('adminOps.services.data')}</h3>
        {service.data && Object.keys(service.data).length ? (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="service-data">
            {Object.entries(service.data).map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-slate-500" dir="auto">{dataLabel(key, t)}</dt>
                <dd className="tabular-nums break-words" dir="auto" data-testid={`data-${key}`}>{dataValue(key, value, language, t)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-500">{t('adminOps.services.noData')}</p>
        )}
      </section>
      {notice ? <Alert tone={notice.tone} onDismiss={() => setNotice(null)}><span data-testid="service-notice">{notice.text}</span></Alert> : null}
      <div role="group" aria-label={t('adminOps.services.actions', { service: label })} className="mt-auto flex flex-wrap gap-2">
        {commandButtons(service).map((command) => (
          <Button
            key={command.name}
            kind="secondary"
            className={`!px-3 !py-1.5 ${command.destructive ? 'text-rose-700 dark:text-rose-300' : ''}`}
            disabled={busy || commandUseless(command.name, service.status)}
            onClick={() => press(command)}
          >
            {commandLabel(command.name)}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t('adminOps.services.confirmTitle', { command: commandLabel(asking.name), service: label }) : ''}
        question={asking?.destructive ? t('adminOps.services.confirmQuestion', { command: commandLabel(asking.name), service: label }) : undefined}
        confirmLabel={asking?.destructive ? t('adminOps.services.confirm', { command: commandLabel(asking.name) }) : t('adminOps.services.send')}
        danger={asking?.destructive ?? false}
        busy={busy}
        confirmDisabled={asking?.args.some((key) => !(args[key] ?? '').trim()) ?? false}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const command = asking;
          setAsking(null);
          if (command) void send(command, args);
        }}
      >
        {asking?.args.map((key) => (
          <label key={key} className="block">
            <span className="mb-1 block text-sm font-medium">{t(`adminOps.services.${key}`, { defaultValue: key })}</span>
            <input className={inputClass} dir="ltr" value={args[key] ?? ''} onChange={(e) => setArgs((previous) => ({ ...previous, [key]: e.target.value }))} />
          </label>
        ))}
      </ConfirmDialog>
    </article>
  );
}
