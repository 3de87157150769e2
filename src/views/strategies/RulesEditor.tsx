import { useSignalsT } from '../signals/useSignalsT';
import { FieldMessages } from '../signals/controls';
import type { FieldErrors } from '../signals/fieldErrors';
import { DEFAULT_COMPARISON, freeName, referenceOptions, type BodyDraft, type RuleDraft } from './bodyDraft';
import { ExpressionEditor } from './ExpressionEditor';

const small =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

const numberOrRaw = (text: string): unknown => (text === '' ? undefined : Number(text));

/** The rules (a condition and the score it adds while it holds) and the entry and exit levels. */
export function RulesEditor({ body, onChange, errors }: { body: BodyDraft; onChange: (body: BodyDraft) => void; errors: FieldErrors }) {
  const { t } = useSignalsT();
  const listId = 'strategy-references';
  const setRule = (index: number, rule: RuleDraft) => onChange({ ...body, rules: body.rules.map((r, i) => (i === index ? rule : r)) });
  const add = () => onChange({ ...body, rules: [...body.rules, { name: freeName('rule', body.rules.map((r) => r.name)), when: DEFAULT_COMPARISON, score: 20 }] });
  const remove = (index: number) => onChange({ ...body, rules: body.rules.filter((_, i) => i !== index) });

  return (
    <section aria-label={t('strategies.rules')} className="space-y-3">
      <datalist id={listId}>
        {referenceOptions(body.indicators).map((ref) => (
          <option key={ref} value={ref} />
        ))}
      </datalist>
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold">{t('strategies.rules')}</h3>
        <button type="button" className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400" onClick={add}>
          {t('strategies.addRule')}
        </button>
      </div>
      <p className="text-xs text-slate-500">{t('strategies.rulesHint')}</p>
      <FieldMessages messages={errors.rules} />
      <ol className="space-y-2">
        {body.rules.map((rule, index) => {
          const path = `rules[${index}]`;
          return (
            <li key={index} data-testid="rule" data-name={rule.name} className="space-y-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-900/60">
              <div className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-start gap-2">
                <div>
                  <label className="block text-xs text-slate-500">
                    {t('strategies.ruleName')}
                    <input dir="ltr" className={`${small} font-mono`} value={rule.name} onChange={(e) => setRule(index, { ...rule, name: e.target.value })} />
                  </label>
                  <FieldMessages messages={errors[`${path}.name`]} />
                </div>
                <div>
                  <label className="block text-xs text-slate-500">
                    {t('strategies.ruleScore')}
                    <input
                      type="number"
                      dir="ltr"
                      className={`${small} tabular-nums`}
                      value={typeof rule.score === 'number' ? rule.score : ''}
                      onChange={(e) => setRule(index, { ...rule, score: numberOrRaw(e.target.value) })}
                    />
                  </label>
                  <FieldMessages messages={errors[`${path}.score`]} />
                </div>
                <button type="button" className="mt-5 text-xs text-rose-600 hover:underline" onClick={() => remove(index)} aria-label={t('strategies.removeRule', { name: rule.name })}>
                  {t('strategies.remove')}
                </button>
              </div>
              <div className="text-xs text-slate-500">{t('strategies.ruleWhen')}</div>
              <ExpressionEditor value={rule.when} onChange={(when) => setRule(index, { ...rule, when })} path={`${path}.when`} errors={errors} listId={listId} />
              <FieldMessages messages={errors[path]} />
            </li>
          );
        })}
      </ol>
      <div className="grid max-w-md grid-cols-2 gap-3">
        {(['entry', 'exit'] as const).map((level) => (
          <div key={level} className="text-sm">
            <label className="block">
              <span className="mb-1 block font-medium text-slate-700 dark:text-slate-200">{t(`strategies.${level}`)}</span>
              <input
                type="number"
                dir="ltr"
                name={level}
                className={`${small} tabular-nums`}
                value={typeof body[level] === 'number' ? (body[level] as number) : ''}
                onChange={(e) => onChange({ ...body, [level]: numberOrRaw(e.target.value) })}
              />
            </label>
            <span className="mt-1 block text-xs text-slate-500">{t(`strategies.${level}Hint`)}</span>
            <FieldMessages messages={errors[level]} />
          </div>
        ))}
      </div>
    </section>
  );
}
