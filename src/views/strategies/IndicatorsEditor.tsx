import { useState } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import { FieldMessages } from '../signals/controls';
import { errorsUnder, type FieldErrors } from '../signals/fieldErrors';
import { freeName, INDICATOR_PARAMS, INDICATOR_TYPES, newIndicator, PRICE_SOURCES, renameIndicator, type BodyDraft } from './bodyDraft';

const small =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

function ParamInput({ name, value, onChange, label }: { name: string; value: unknown; onChange: (value: unknown) => void; label: string }) {
  const { t } = useSignalsT();
  if (name === 'source') {
    return (
      <select aria-label={label} className={small} value={String(value ?? 'close')} onChange={(e) => onChange(e.target.value)}>
        {PRICE_SOURCES.map((source) => (
          <option key={source} value={source}>
            {t(`strategies.sources.${source}`)}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      type="number"
      dir="ltr"
      aria-label={label}
      className={`${small} tabular-nums`}
      step={name === 'stddev' ? 0.1 : 1}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      // Empty leaves the field out (an optional one, e.g. a VWAP's period); anything else is sent as typed so the schema can judge it.
      onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
    />
  );
}

/**
 * An indicator's name: renamed (with the rules' references) as soon as the typed name is free;
 * an empty or taken name stays in the box with a note until it is changed.
 */
function NameInput({ name, taken, onRename }: { name: string; taken: Record<string, unknown>; onRename: (name: string) => void }) {
  const { t } = useSignalsT();
  // What is typed while it cannot be used yet; null shows the indicator's real name.
  const [pending, setPending] = useState<string | null>(null);
  const text = pending ?? name;
  const problem = pending === null ? null : !pending ? t('strategies.nameRequired') : t('strategies.nameTaken');
  return (
    <>
      <input
        dir="ltr"
        className={`${small} font-mono`}
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          if (next === name) setPending(null);
          else if (next && !(next in taken)) {
            setPending(null);
            onRename(next);
          } else setPending(next);
        }}
        onBlur={() => setPending(null)}
      />
      {problem ? <span className="mt-1 block text-xs text-amber-700 dark:text-amber-300">{problem}</span> : null}
    </>
  );
}

/** The named indicators: name, type and each type's parameters, with the schema's errors beside them. */
export function IndicatorsEditor({ body, onChange, errors }: { body: BodyDraft; onChange: (body: BodyDraft) => void; errors: FieldErrors }) {
  const { t } = useSignalsT();
  const entries = Object.entries(body.indicators);
  const setSpec = (name: string, spec: Record<string, unknown>) => onChange({ ...body, indicators: { ...body.indicators, [name]: spec } });
  const remove = (name: string) => onChange({ ...body, indicators: Object.fromEntries(entries.filter(([n]) => n !== name)) });
  const add = () => onChange({ ...body, indicators: { ...body.indicators, [freeName('ema', Object.keys(body.indicators))]: newIndicator('ema') } });

  return (
    <section aria-label={t('strategies.indicators')} className="space-y-3">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold">{t('strategies.indicators')}</h3>
        <button type="button" className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400" onClick={add}>
          {t('strategies.addIndicator')}
        </button>
      </div>
      <FieldMessages messages={errors.indicators} />
      {entries.length === 0 ? <p className="text-sm text-slate-500">{t('strategies.noIndicators')}</p> : null}
      <ul className="space-y-2">
        {entries.map(([name, spec], index) => {
          const type = String(spec.type ?? '');
          const params = INDICATOR_PARAMS[type] ?? [];
          const path = `indicators.${name}`;
          const own = errorsUnder(errors, path).filter(([at]) => !params.some((p) => at === `${path}.${p}`));
          return (
            <li key={index} data-testid="indicator" data-name={name} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60">
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-[9rem_13rem_minmax(0,1fr)_auto] sm:items-start">
                <label className="block text-xs text-slate-500">
                  {t('strategies.indicatorName')}
                  <NameInput name={name} taken={body.indicators} onRename={(next) => onChange(renameIndicator(body, name, next))} />
                </label>
                <label className="block text-xs text-slate-500">
                  {t('strategies.indicatorType')}
                  <select className={small} value={type} onChange={(e) => setSpec(name, newIndicator(e.target.value))}>
                    {INDICATOR_TYPES.map((option) => (
                      <option key={option} value={option}>
                        {t(`strategies.types.${option}`)}
                      </option>
                    ))}
                    {(INDICATOR_TYPES as readonly string[]).includes(type) ? null : <option value={type}>{type}</option>}
                  </select>
                </label>
                <div className="col-span-2 grid grid-cols-2 gap-2 sm:col-span-1 sm:grid-cols-4">
                  {params.map((param) => (
                    <div key={param}>
                      <label className="block text-xs text-slate-500">
                        {t(`strategies.params.${param}`)}
                        <ParamInput
                          name={param}
                          label={`${name} ${t(`strategies.params.${param}`)}`}
                          value={spec[param]}
                          onChange={(value) => {
                            const next = { ...spec };
                            if (value === undefined) delete next[param];
                            else next[param] = value;
                            setSpec(name, next);
                          }}
                        />
                      </label>
                      <FieldMessages messages={errors[`${path}.${param}`]} />
                    </div>
                  ))}
                </div>
                <button type="button" className="self-center text-xs text-rose-600 hover:underline" onClick={() => remove(name)} aria-label={t('strategies.removeIndicator', { name })}>
                  {t('strategies.remove')}
                </button>
              </div>
              <FieldMessages messages={own.flatMap(([at, messages]) => messages.map((m) => (at === path ? m : `${at.slice(path.length + 1)}: ${m}`)))} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
