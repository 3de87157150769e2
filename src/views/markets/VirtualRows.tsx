import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Used where layout cannot be measured (tests under jsdom): enough rows to fill a screen. */
const FALLBACK_VIEWPORT = 640;

/**
 * A windowed list of fixed-height rows: only the rows in view (plus a few either side) are in the
 * DOM, so a market of thousands of symbols scrolls and updates as smoothly as one of ten.
 */
export function VirtualRows<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  className = '',
  overscan = 6,
}: {
  items: readonly T[];
  rowHeight: number;
  getKey: (item: T) => string;
  renderRow: (item: T, index: number) => ReactNode;
  className?: string;
  overscan?: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);

  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight || FALLBACK_VIEWPORT));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  const visible = items.slice(first, last);

  return (
    <div ref={scroller} className={`overflow-y-auto ${className}`} onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)} data-testid="virtual-rows">
      <div role="rowgroup" style={{ height: items.length * rowHeight, position: 'relative' }}>
        {visible.map((item, i) => (
          <div key={getKey(item)} style={{ position: 'absolute', insetInline: 0, top: (first + i) * rowHeight, height: rowHeight }}>
            {renderRow(item, first + i)}
          </div>
        ))}
      </div>
    </div>
  );
}
