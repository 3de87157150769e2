import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TaskInfo } from '../../../../../contract/system/tasks';
import { watchOpsMessages } from '../../../../actors/adminOpsLive';
import { adminTasksApi, adminTasksTags } from '../../../../actors/adminTasksEndpoints';
import { useAppSystem, useQuery } from '../../../../actors/hooks';
import { mergeLiveTasks, newerTask } from './liveTasks';
import { toReportQuery, type TaskFilters } from './taskFilters';

/** Several state changes in a burst (a batch finishing) read the counts once. */
const COUNTS_REFRESH_MS = 400;

/**
 * The report for these filters, kept live: rows change in place from `task` messages, new tasks
 * come in at the top, a state change reads the report again (its counts), and so does a reconnect.
 */
export function useLiveTasks(filters: TaskFilters) {
  const system = useAppSystem();
  const report = useQuery(adminTasksApi.report, { query: toReportQuery(filters) }, { tags: [adminTasksTags.report] });
  const [live, setLive] = useState<ReadonlyMap<string, TaskInfo>>(new Map());
  const [online, setOnline] = useState(true);
  // The last state seen of each task, to tell a state change (counts move) from progress.
  const knownStates = useRef(new Map<string, TaskInfo['state']>());
  const reportData = report.data;
  useEffect(() => {
    for (const task of [...(reportData?.data ?? []), ...(reportData?.running ?? [])]) knownStates.current.set(task.id, task.state);
  }, [reportData]);

  const upsert = useCallback((task: TaskInfo) => {
    setLive((previous) => {
      const next = new Map(previous);
      next.set(task.id, newerTask(task, previous.get(task.id)));
      return next;
    });
  }, []);

  const forget = useCallback((taskId: string) => {
    setLive((previous) => {
      const next = new Map(previous);
      next.delete(taskId);
      return next;
    });
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => system.queries.send({ type: 'query.invalidate', tags: [adminTasksTags.report] });
    const refreshSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(refresh, COUNTS_REFRESH_MS);
    };
    const stop = watchOpsMessages(system, {
      onTask: (task) => {
        upsert(task);
        if (knownStates.current.get(task.id) !== task.state) refreshSoon();
        knownStates.current.set(task.id, task.state);
      },
      onReconnect: refresh,
      onStatus: setOnline,
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [system, upsert]);

  const page = report.data?.data;
  const rows = useMemo(() => (page ? mergeLiveTasks(page, live, filters) : undefined), [page, live, filters]);
  return { report, rows, live, online, upsert, forget };
}
