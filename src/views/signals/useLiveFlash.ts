import { useEffect, useRef } from 'react';

const FLASH_MS = 1200;

/**
 * Lights an element for a moment when a live frame changed what it shows (the Web Animations
 * API, no React render). Seeded values and old changes do not flash.
 */
export function useLiveFlash<T extends HTMLElement>(liveAt: number | null | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !liveAt || Date.now() - liveAt > FLASH_MS) return;
    element.dataset.flash = 'true';
    element.animate?.([{ boxShadow: '0 0 0 3px rgba(245, 158, 11, 0.9)' }, { boxShadow: '0 0 0 0 rgba(245, 158, 11, 0)' }], { duration: FLASH_MS, easing: 'ease-out' });
    const timer = setTimeout(() => delete element.dataset.flash, FLASH_MS);
    return () => clearTimeout(timer);
  }, [liveAt]);
  return ref;
}
