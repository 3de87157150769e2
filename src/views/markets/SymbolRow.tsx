import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MarketSymbol } from '../../../contract/market/lists';
import { useLiveSymbol } from '../../actors/useMarketLive';
import { changeClass, ROW_GRID } from './columns';
import { formatChange, formatPrice, formatVolume } from './numbers';
import { Sparkline } from './Sparkline';

/** How long a row stays lit after its price moves. */
const FLASH_MS = 800;
const FLASH_COLOURS = { up: 'rgba(16, 185, 129, 0.28)', down: 'rgba(244, 63, 94, 0.28)' } as const;

/**
 * The brief highlight of a price change, drawn on the row's element (the Web Animations API), so
 * a flash costs no React render. A row scrolled into view does not flash for an old change.
 */
function useFlash(changedAt: number | null | undefined, direction: 'up' | 'down' | null | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !changedAt || !direction || Date.now() - changedAt > FLASH_MS) return;
    element.dataset.flash = direction;
    element.animate?.([{ backgroundColor: FLASH_COLOURS[direction] }, { backgroundColor: 'transparent' }], { duration: FLASH_MS, easing: 'ease-out' });
    const timer = setTimeout(() => delete element.dataset.flash, FLASH_MS);
    return () => clearTimeout(timer);
  }, [changedAt, direction]);
  return ref;
}

/** One symbol: its names, and its live price, change, range, volume and trend. */
export const SymbolRow = memo(function SymbolRow({ symbol, language, iso }: { symbol: MarketSymbol; language: string; iso: 'fa' | 'en' }) {
  const { t } = useTranslation();
  const live = useLiveSymbol(symbol.name);
  const rowRef = useFlash(live?.changedAt, live?.direction);
  const title = symbol.title[iso] || symbol.name;
  const price = (value: number) => formatPrice(value, symbol.price_precision, language);
  const trend = live ? [...live.sparkline.slice(0, -1), live.price] : [];

  return (
    <div
      role="row"
      data-symbol={symbol.name}
      ref={rowRef}
      className={`${ROW_GRID} h-full border-b border-slate-100 text-sm hover:bg-slate-50 dark:border-slate-700/60 dark:hover:bg-slate-700/30`}
    >
      <div role="cell" className="min-w-0">
        <Link
          to={`/markets/${encodeURIComponent(symbol.market)}/${encodeURIComponent(symbol.name)}`}
          aria-label={t('marketsScreen.openChart', { symbol: title })}
          className="block truncate font-medium text-slate-800 hover:text-indigo-600 dark:text-slate-100 dark:hover:text-indigo-300"
        >
          {title}
        </Link>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
          <bdi>{symbol.name}</bdi>
        </span>
      </div>
      <div role="cell" className="text-end font-medium tabular-nums" data-testid="price">
        {live ? price(live.price) : '—'}
      </div>
      <div role="cell" className={`text-end tabular-nums ${changeClass(live?.change_24h_pct)}`} data-testid="change">
        {live ? formatChange(live.change_24h_pct, language) : '—'}
      </div>
      <div role="cell" className="hidden text-end text-xs tabular-nums text-slate-600 md:block dark:text-slate-300">
        {live ? `${price(live.low_24h)} – ${price(live.high_24h)}` : '—'}
      </div>
      <div role="cell" className="hidden text-end tabular-nums text-slate-600 md:block dark:text-slate-300">
        {live ? formatVolume(live.volume_24h, language) : '—'}
      </div>
      <div role="cell" className="hidden justify-end md:flex">
        <Sparkline points={trend} label={t('marketsScreen.trendLabel')} />
      </div>
    </div>
  );
});
