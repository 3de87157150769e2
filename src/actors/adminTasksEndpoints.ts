import { pick } from '../../contract/endpoint';
import { taskEndpoints, utilityEndpoints } from '../../contract/system/endpoints';

/** The calls of the admin tasks panel, picked once. Loaded by that lazy screen only. */
export const adminTasksApi = {
  report: pick(taskEndpoints, 'tasks.report'),
  state: pick(taskEndpoints, 'tasks.state'),
  start: pick(taskEndpoints, 'tasks.start'),
  revoke: pick(taskEndpoints, 'tasks.revoke'),
  testCelery: pick(utilityEndpoints, 'utility.testCelery'),
  testEmail: pick(utilityEndpoints, 'utility.testEmail'),
} as const;

/** Query tags the tasks panel refetches by (after a change, a state change or a reconnect). */
export const adminTasksTags = { report: 'admin-task-report', state: 'admin-task-state' } as const;
