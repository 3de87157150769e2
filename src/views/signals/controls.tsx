import { Switch } from '@headlessui/react';
import { useState, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useSignalsT } from './useSignalsT';
import { Button } from '../components/Button';

/** Small form controls the signals screens share. */

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export function SelectField({ label, children, hint, ...select }: { label: string; hint?: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label className="block">
      <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{label}</span>
      <select {...select} className={inputClass}>
        {children}
      </select>
      {hint ? <span className="mt-1 block text-xs text-slate-500">{hint}</span> : null}
    </label>
  );
}

/** An on/off switch with its label; `aria-checked` says the state to assistive technology and tests. */
export function Toggle({ label, checked, onChange, disabled, hint }: { label: string; checked: boolean; onChange: (on: boolean) => void; disabled?: boolean; hint?: string }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-200">{label}</span>
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-label={label}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-50 ${checked ? 'bg-emerald-600' : 'bg-slate-300 dark:bg-slate-600'}`}
      >
        <span className={`inline-block h-4 w-4 rounded-full bg-white shadow transition ${checked ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1'}`} />
      </Switch>
    </div>
  );
}

/** A button that asks once more before doing something that cannot be undone. */
export function ConfirmButton({ label, confirmLabel, onConfirm, disabled }: { label: string; confirmLabel: string; onConfirm: () => void; disabled?: boolean }) {
  const { t } = useSignalsT();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button kind="secondary" className="!px-3 !py-1.5 text-rose-700 dark:text-rose-300" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <span className="inline-flex items-center gap-2" role="group" aria-label={confirmLabel}>
      <Button className="!bg-rose-600 !px-3 !py-1.5 hover:!bg-rose-700" onClick={() => { setAsking(false); onConfirm(); }}>
        {confirmLabel}
      </Button>
      <Button kind="secondary" className="!px-3 !py-1.5" onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </Button>
    </span>
  );
}

/** What a list says when it has nothing yet, with the way forward. */
export function EmptyState({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <p className="font-medium text-slate-700 dark:text-slate-200">{title}</p>
      {body ? <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{body}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** Messages beside a field, from the schema as you type or from the server on save. */
export function FieldMessages({ messages, id }: { messages: readonly string[] | undefined; id?: string }) {
  if (!messages?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-xs text-rose-700 dark:text-rose-300" data-testid="field-error">
      {messages.map((message) => (
        // English sentences (the schema's), set at the field's start in either direction.
        <li key={message} dir="ltr" className="text-start">
          {message}
        </li>
      ))}
    </ul>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle ? <p className="text-sm text-slate-500 dark:text-slate-400">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** A link that looks like the primary (or secondary) button. */
export function linkButtonClass(kind: 'primary' | 'secondary' = 'primary'): string {
  const base = 'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium transition';
  return kind === 'primary'
    ? `${base} bg-emerald-600 text-white hover:bg-emerald-700`
    : `${base} bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700`;
}
