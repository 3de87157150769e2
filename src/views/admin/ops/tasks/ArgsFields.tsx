import { inputClass, FieldMessages, SelectField, Toggle } from '../../../signals/controls';
import { errorsUnder, type FieldErrors } from '../../../signals/fieldErrors';
import { useAdminOpsT } from '../useAdminOpsT';
import type { ArgField, ArgValue, ArgValues } from './argsForm';

/** The inputs of one task's arguments, each with the schema's (or the server's) messages beside it. */
export function ArgsFields({ fields, values, errors, onChange }: {
  fields: readonly ArgField[];
  values: ArgValues;
  errors: FieldErrors;
  onChange: (key: string, value: ArgValue) => void;
}) {
  const { t } = useAdminOpsT();
  if (!fields.length) return <p className="text-sm text-slate-500">{t('adminOps.start.noArgs')}</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => (
        <ArgInput key={field.key} field={field} value={values[field.key]} errors={errorsUnder(errors, field.key).flatMap(([, m]) => m)} onChange={(v) => onChange(field.key, v)} />
      ))}
    </div>
  );
}

function ArgInput({ field, value, errors, onChange }: { field: ArgField; value: ArgValue | undefined; errors: string[]; onChange: (value: ArgValue) => void }) {
  const { t } = useAdminOpsT();
  const name = field.kind === 'text' && field.email ? 'recipient' : field.key;
  const label = t(`adminOps.fields.${name}`, { defaultValue: field.key });
  const text = typeof value === 'string' ? value : '';
  const errorId = `arg-${field.key}-errors`;
  const described = errors.length ? errorId : undefined;
  const caption = (
    <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
      {label}
      {field.required ? null : <span className="ms-1 text-xs font-normal text-slate-500">({t('adminOps.start.optional')})</span>}
    </span>
  );
  let input;
  if (field.kind === 'boolean') {
    input = <Toggle label={label} checked={value === true} onChange={onChange} />;
  } else if (field.kind === 'enum') {
    input = (
      <SelectField label={label} value={text} aria-describedby={described} onChange={(e) => onChange(e.target.value)}>
        <option value="">{field.required ? '' : t('adminOps.start.any')}</option>
        {field.options.map((option) => <option key={option} value={option}>{option}</option>)}
      </SelectField>
    );
  } else if (field.kind === 'enumList') {
    const chosen = Array.isArray(value) ? value : [];
    input = (
      <fieldset>
        <legend>{caption}</legend>
        <div className="flex flex-wrap gap-1.5" dir="ltr">
          {field.options.map((option) => {
            const on = chosen.includes(option);
            return (
              <button
                key={option}
                type="button"
                aria-pressed={on}
                onClick={() => onChange(on ? chosen.filter((o) => o !== option) : [...chosen, option])}
                className={`rounded-full px-2.5 py-1 text-xs ring-1 ${on ? 'bg-emerald-600 text-white ring-emerald-600' : 'bg-white text-slate-700 ring-slate-300 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-600'}`}
              >
                {option}
              </button>
            );
          })}
        </div>
      </fieldset>
    );
  } else {
    const common = { className: inputClass, value: text, 'aria-describedby': described, 'aria-invalid': errors.length > 0, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
    const control =
      field.kind === 'text' && field.multiline ? (
        <textarea {...common} className={`${inputClass} min-h-[6rem]`} dir="auto" />
      ) : field.kind === 'number' ? (
        <input {...common} type="number" dir="ltr" inputMode="numeric" step={field.integer ? 1 : 'any'} min={field.min} max={field.max} />
      ) : field.kind === 'datetime' ? (
        <input {...common} type="datetime-local" dir="ltr" />
      ) : field.kind === 'text' && field.email ? (
        <input {...common} type="email" dir="ltr" />
      ) : (
        <input {...common} type="text" dir={field.kind === 'list' || field.key === 'market' ? 'ltr' : 'auto'} />
      );
    input = (
      <label className="block">
        {caption}
        {control}
        {field.kind === 'list' ? <span className="mt-1 block text-xs text-slate-500">{t('adminOps.start.listHint')}</span> : null}
      </label>
    );
  }
  return (
    <div className={field.kind === 'text' && field.multiline ? 'sm:col-span-2' : ''} data-testid={`arg-${field.key}`}>
      {input}
      <FieldMessages id={errorId} messages={errors} />
    </div>
  );
}
