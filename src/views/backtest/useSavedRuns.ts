import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useAppSystem } from '../../actors/hooks';
import { addRun, HISTORY_ID, readRuns, type SavedRun } from './history';

/** The saved runs and the ways to change them, through the ui actor (which mirrors them to storage). */
export function useSavedRuns() {
  const { ui } = useAppSystem();
  const stored = useSelector(ui, (s) => s.context.items[HISTORY_ID]);
  const runs = useMemo(() => readRuns(stored), [stored]);
  const save = useCallback((run: SavedRun) => ui.send({ type: 'ui.set', id: HISTORY_ID, value: addRun(readRuns(ui.getSnapshot().context.items[HISTORY_ID]), run), persist: true }), [ui]);
  const remove = useCallback(
    (id: string) => ui.send({ type: 'ui.set', id: HISTORY_ID, value: readRuns(ui.getSnapshot().context.items[HISTORY_ID]).filter((r) => r.id !== id), persist: true }),
    [ui],
  );
  return { runs, save, remove };
}
