import { useShellSelector } from '../../actors/hooks';
import { formatScore, scoreClass } from './scoreColor';

/** A score as a coloured pill; its sign is written, so it reads without the colour too. */
export function ScoreBadge({ value, className = '' }: { value: number; className?: string }) {
  const language = useShellSelector((s) => s.context.language);
  return (
    <span data-testid="score" data-value={value} className={`inline-flex min-w-[3rem] justify-center rounded-md px-2 py-0.5 text-sm font-semibold tabular-nums ${scoreClass(value)} ${className}`}>
      <span dir="ltr">{formatScore(value, language)}</span>
    </span>
  );
}
