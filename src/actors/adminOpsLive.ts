import { ServiceLiveMessage, type ServiceInfo } from '../../contract/system/services';
import { TaskLiveMessage, type TaskInfo } from '../../contract/system/tasks';
import type { AppSystem } from './appSystem';

/**
 * The app socket's `task` and `service` messages for the admin panels, parsed with the contract's
 * schemas (a malformed frame is dropped, never shown). `onReconnect` runs when the socket opens
 * again after a drop: frames sent meanwhile are lost, so the panel reads its list again.
 * Returns the function that stops listening.
 */
export function watchOpsMessages(
  system: AppSystem,
  handlers: {
    onTask?: (task: TaskInfo) => void;
    onService?: (service: ServiceInfo) => void;
    onReconnect: () => void;
    onStatus?: (open: boolean) => void;
  },
): () => void {
  let wasOpen: boolean | null = null;
  let dropped = false;
  return system.watchAppSocket((event) => {
    if (event.type === 'status') {
      if (wasOpen && !event.open) dropped = true;
      if (event.open && dropped) {
        dropped = false;
        handlers.onReconnect();
      }
      wasOpen = event.open;
      handlers.onStatus?.(event.open);
      return;
    }
    const type = (event.message as { _type?: unknown } | null)?._type;
    if (type === 'task' && handlers.onTask) {
      const parsed = TaskLiveMessage.safeParse(event.message);
      if (parsed.success) handlers.onTask(parsed.data.data);
    } else if (type === 'service' && handlers.onService) {
      const parsed = ServiceLiveMessage.safeParse(event.message);
      if (parsed.success) handlers.onService(parsed.data.data);
    }
  });
}
