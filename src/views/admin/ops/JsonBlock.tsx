/** A JSON value, pretty-printed, left-to-right in either language and scrolling rather than widening the page. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre dir="ltr" aria-label={label} className="max-h-72 overflow-auto rounded-lg bg-slate-50 p-3 text-start text-xs text-slate-800 ring-1 ring-slate-200 dark:bg-slate-950 dark:text-slate-200 dark:ring-slate-700">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
