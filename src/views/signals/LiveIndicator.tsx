import { useSignalsT } from './useSignalsT';
import { useLiveStatus } from '../../actors/useSignalsLive';

/** Whether scores follow the engine live, are the last known ones, or the connection is not up yet. */
export function LiveIndicator() {
  const { t } = useSignalsT();
  const status = useLiveStatus();
  const dot = { live: 'bg-emerald-500 animate-pulse', stale: 'bg-amber-500', waiting: 'bg-slate-400' }[status];
  return (
    <span role="status" data-testid="signals-live" data-status={status} className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <span className={`h-2 w-2 rounded-full ${dot}`} aria-hidden="true" />
      {t(`signals.live.${status}`)}
    </span>
  );
}
