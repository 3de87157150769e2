import { useSignalsT } from '../signals/useSignalsT';
import { useShellSelector } from '../../actors/hooks';
import type { Strategy } from '../../../contract/signals/strategies';
import { Card } from '../components/Card';
import { ScoreBadge } from '../signals/ScoreBadge';
import { toText } from './bodyDraft';
import { describeExpression, describeIndicator } from './describe';

/** A strategy read without editing: its indicators and rules in words, its levels, and its JSON. */
export function StrategyView({ strategy }: { strategy: Strategy }) {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const number = (value: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(value);
  const body = strategy.body;
  if (!body) return null;
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Card title={t('strategies.summary')}>
        <div className="space-y-4 text-sm">
          <section>
            <h3 className="mb-1 font-semibold">{t('strategies.indicators')}</h3>
            <ul className="space-y-1" dir="auto">
              {Object.entries(body.indicators).map(([name, spec]) => (
                <li key={name}>
                  <code dir="ltr" className="rounded bg-slate-100 px-1.5 dark:bg-slate-700">
                    {name}
                  </code>{' '}
                  {t(`strategies.types.${spec.type}`)} <span className="text-slate-500">{describeIndicator(spec as Record<string, unknown>, t, number)}</span>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="mb-1 font-semibold">{t('strategies.rules')}</h3>
            <ul className="space-y-2">
              {body.rules.map((rule) => (
                <li key={rule.name} className="flex items-start justify-between gap-3" data-testid="rule-summary">
                  <span className="min-w-0">
                    <code dir="ltr" className="text-xs text-slate-500">
                      {rule.name}
                    </code>
                    <span className="block">{describeExpression(rule.when, t, number)}</span>
                  </span>
                  <ScoreBadge value={rule.score} />
                </li>
              ))}
            </ul>
          </section>
          <p className="flex flex-wrap gap-4">
            <span>
              {t('strategies.entry')}: <ScoreBadge value={body.entry} />
            </span>
            <span>
              {t('strategies.exit')}: <ScoreBadge value={body.exit} />
            </span>
          </p>
        </div>
      </Card>
      <Card title={t('strategies.jsonTab')}>
        <pre dir="ltr" className="max-h-[32rem] overflow-auto rounded-lg bg-slate-950 p-3 text-left font-mono text-xs leading-relaxed text-slate-100">
          {toText(body)}
        </pre>
      </Card>
    </div>
  );
}
