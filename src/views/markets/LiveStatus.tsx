import { useTranslation } from 'react-i18next';
import { useMonitoringSelector } from '../../actors/useMarketLive';

/** Whether the prices on screen are live, still coming, or the last known ones. */
export function LiveStatus() {
  const { t } = useTranslation();
  const status = useMonitoringSelector((s) => (s.hasTag('live') ? 'live' : s.hasTag('stale') ? 'stale' : 'waiting'));
  const dot = { live: 'bg-emerald-500 animate-pulse', stale: 'bg-amber-500', waiting: 'bg-slate-400' }[status];
  return (
    <span role="status" data-testid="live-status" data-status={status} className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <span className={`h-2 w-2 rounded-full ${dot}`} aria-hidden="true" />
      {t(`marketsScreen.status.${status}`)}
    </span>
  );
}
