import type { MarketListName } from '../../../contract/codes';

export interface ListChange {
  market: string;
  list: MarketListName;
  /** The item's name (a symbol such as `BTCUSDT`, a source such as `binance`). */
  name: string;
}
export type ListChangeListener = (change: ListChange) => void | Promise<void>;

/**
 * In-process listeners of list edits. A listener's failure is its own business: it never fails
 * the admin's write that caused it.
 */
export function createChangeListeners() {
  const listeners = new Set<ListChangeListener>();
  return {
    subscribe(listener: ListChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(change: ListChange) {
      for (const listener of listeners) {
        try {
          void Promise.resolve(listener(change)).catch(() => undefined);
        } catch {
          // See above: the write has already succeeded.
        }
      }
    },
  };
}

export type ChangeListeners = ReturnType<typeof createChangeListeners>;
