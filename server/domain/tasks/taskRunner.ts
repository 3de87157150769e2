/**
 * Runs background tasks (back-fill, data updates…) and reports their state by id. A minimal
 * in-process runner until the admin issue completes task control behind this same interface.
 */
export function createTaskRunner() {
  return {};
}

export type TaskRunner = ReturnType<typeof createTaskRunner>;
