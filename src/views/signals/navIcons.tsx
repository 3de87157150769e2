/** Line icons (24×24, currentColor) of the signals screens' menu entries, drawn like the shell's own. */
const paths = {
  watchlists: 'M4 6h11M4 12h11M4 18h7M18 15l2 2 3-4',
  subscriptions: 'M10 14a4 4 0 005.66 0l3-3a4 4 0 00-5.66-5.66l-1 1M14 10a4 4 0 00-5.66 0l-3 3a4 4 0 005.66 5.66l1-1',
  strategies: 'M9 3h6M10 3v6l-5 9a2 2 0 002 3h10a2 2 0 002-3l-5-9V3M7 15h10',
  backtest: 'M3 12a9 9 0 109-9 9 9 0 00-6.4 2.6L3 8M3 3v5h5M12 7v5l3 3',
} as const;

export type SignalsIconName = keyof typeof paths;

export function SignalsIcon({ name, className = 'h-5 w-5' }: { name: SignalsIconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}
