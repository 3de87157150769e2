import type { ReactNode } from 'react';

/** A small rounded label; the colour classes come from labels.ts. */
export function Chip({ className, children, testId }: { className: string; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${className}`}>
      {children}
    </span>
  );
}
