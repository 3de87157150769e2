import { memo } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import { Link } from 'react-router-dom';
import type { GroupSymbol } from '../../../contract/signals/relations';
import { useMonitoringSelector } from '../../actors/useMarketLive';
import { changeClass } from '../markets/columns';
import { formatChange, formatPrice } from '../markets/numbers';
import { SymbolLabel } from '../signals/SymbolLabel';

const iconButton =
  'rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:cursor-not-allowed disabled:opacity-30 dark:hover:bg-slate-700 dark:hover:text-slate-100';

/** One symbol of a list: its names, its live price and 24 h change (for the market followed live), and its order and removal. */
export const GroupSymbolRow = memo(function GroupSymbolRow({
  item,
  precision,
  language,
  first,
  last,
  busy,
  onMove,
  onRemove,
}: {
  item: GroupSymbol;
  precision: number;
  language: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useSignalsT();
  const live = useMonitoringSelector((s) => (s.context.market === item.market ? s.context.liveData.symbols[item.symbol] : undefined));
  return (
    <li data-testid="group-symbol" data-symbol={item.symbol} className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-3 py-2 text-sm sm:grid-cols-[minmax(0,1fr)_7rem_5.5rem_auto]">
      <Link to={`/markets/${encodeURIComponent(item.market)}/${encodeURIComponent(item.symbol)}`} className="min-w-0 hover:text-emerald-700 dark:hover:text-emerald-300">
        <SymbolLabel market={item.market} symbol={item.symbol} />
        <span className="block text-xs text-slate-500">{t(`markets.${item.market}`, { defaultValue: item.market })}</span>
      </Link>
      <span className="text-end font-medium tabular-nums" data-testid="price">
        {live ? formatPrice(live.price, precision, language) : '—'}
      </span>
      <span className={`hidden text-end tabular-nums sm:block ${changeClass(live?.change_24h_pct)}`} data-testid="change">
        {live ? formatChange(live.change_24h_pct, language) : ''}
      </span>
      <span className="flex items-center gap-0.5">
        <button type="button" className={iconButton} disabled={first || busy} onClick={() => onMove(-1)} aria-label={t('watchlists.moveUp', { symbol: item.symbol })}>
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
            <path d="M6 15l6-6 6 6" />
          </svg>
        </button>
        <button type="button" className={iconButton} disabled={last || busy} onClick={() => onMove(1)} aria-label={t('watchlists.moveDown', { symbol: item.symbol })}>
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
        <button type="button" className={`${iconButton} hover:!text-rose-600`} disabled={busy} onClick={onRemove} aria-label={t('watchlists.remove', { symbol: item.symbol })}>
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </span>
    </li>
  );
});
