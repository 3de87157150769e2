import type { TaskLiveMessage } from '../../contract/system/tasks';
import type { TaskRunner } from '../domain/tasks/taskRunner';
import { topics, type Bus } from './bus';

/**
 * Every state or progress change of a task goes to the `/api/ws/app` sockets of the user who started
 * it (a backtest's owner watches its progress bar and receives its result with SUCCESS). Admins'
 * view of every task comes with the task panel (issue 8). Returns the unsubscribe.
 */
export function forwardTaskMessages(tasks: TaskRunner, bus: Bus): () => void {
  return tasks.onChange((info) => {
    if (info.user_id === null) return;
    const message: TaskLiveMessage = { _type: 'task', params: { task_id: info.id, name: info.name }, data: info };
    void bus.publish(topics.user(info.user_id), message).catch(() => undefined);
  });
}
