import type { TaskRunner } from '../../domain/tasks/taskRunner';
import type { ServiceAdapter } from '../managedService';

/**
 * `task-worker`: the task runner and its periodic jobs (gap repair, retention). Stopped = paused:
 * running tasks finish, pending ones wait, nothing is scheduled.
 */
export function taskWorkerService(deps: { tasks: TaskRunner }): ServiceAdapter {
  const { tasks } = deps;
  return {
    name: 'task-worker',
    kind: 'task-worker',
    market: null,
    start: async () => {
      tasks.resume();
      tasks.scheduler.start();
    },
    stop: async () => {
      tasks.scheduler.stop();
      tasks.pause();
    },
    async data() {
      const { paused, concurrency, pending, running, byName } = tasks.stats();
      return {
        paused,
        // Infinity is not JSON: an unbounded runner says null.
        concurrency: Number.isFinite(concurrency) ? concurrency : null,
        pending,
        running,
        by_name: byName,
      };
    },
  };
}
