import { defineEndpoint } from '../endpoint';
import {
  ServiceCommandArgs,
  ServiceCommandQuery,
  ServiceCommandResult,
  ServiceData,
  ServiceInfo,
  ServiceList,
  ServiceListQuery,
  ServiceNameQuery,
} from './services';
import { TaskInfo, TaskReport, TaskReportQuery, TaskRevokeQuery, TaskStartQuery, TaskStateQuery } from './tasks';
import { TestEmailQuery, TestEmailResult } from './utility';
import { AuditLogPage, AuditLogQuery } from './audit';

/** Celery-style GET calls kept as the original API had them, even where they change state. */
export const taskEndpoints = [
  defineEndpoint({
    id: 'tasks.state',
    method: 'GET',
    path: '/api/task/state',
    access: 'admin',
    area: 'tasks',
    summary: "A task's state and progress, optionally with its result, optionally forgetting it after",
    query: TaskStateQuery,
    response: TaskInfo,
  }),
  defineEndpoint({
    id: 'tasks.revoke',
    method: 'GET',
    path: '/api/task/revoke',
    access: 'admin',
    area: 'tasks',
    summary: 'Revoke a task so it never starts; with terminate, also stop it between steps if running',
    query: TaskRevokeQuery,
    response: TaskInfo,
  }),
  defineEndpoint({
    id: 'tasks.start',
    method: 'GET',
    path: '/api/task/start',
    access: 'admin',
    area: 'tasks',
    summary:
      'Start a task by name with JSON-encoded args; 404 for an unknown name, 409 when prevent_concurrent finds one running',
    query: TaskStartQuery,
    response: TaskInfo,
  }),
  defineEndpoint({
    id: 'tasks.report',
    method: 'GET',
    path: '/api/task/report',
    access: 'admin',
    area: 'tasks',
    summary: 'Counts per state, the running tasks, and the recent (or with report_all every) task, paged',
    query: TaskReportQuery,
    response: TaskReport,
  }),
] as const;

export const serviceEndpoints = [
  defineEndpoint({
    id: 'services.list',
    method: 'GET',
    path: '/api/service_manager/services',
    access: 'admin',
    area: 'services',
    summary: 'Every service with its status and last error, optionally with its own data',
    query: ServiceListQuery,
    response: ServiceList,
  }),
  defineEndpoint({
    id: 'services.status',
    method: 'GET',
    path: '/api/service_manager/service_status',
    access: 'admin',
    area: 'services',
    summary: "One service's status; 404 listing the known names for an unknown one",
    query: ServiceNameQuery,
    response: ServiceInfo,
  }),
  defineEndpoint({
    id: 'services.data',
    method: 'GET',
    path: '/api/service_manager/service_data',
    access: 'admin',
    area: 'services',
    summary: "One service's own figures (ticks per second, connected clients, queue depth…)",
    query: ServiceNameQuery,
    response: ServiceData,
  }),
  defineEndpoint({
    id: 'services.sendCommand',
    method: 'POST',
    path: '/api/service_manager/send_service_command',
    access: 'admin',
    area: 'services',
    summary: 'Send start, stop, restart or one of its own commands to a service; 422 for a command it does not know',
    query: ServiceCommandQuery,
    body: ServiceCommandArgs.optional(),
    response: ServiceCommandResult,
  }),
] as const;

export const utilityEndpoints = [
  defineEndpoint({
    id: 'utility.testCelery',
    method: 'POST',
    path: '/api/core/utility/test-celery/',
    access: 'admin',
    area: 'utility',
    summary: 'Start the system.test task to check the task runner; returns the task',
    response: TaskInfo,
  }),
  defineEndpoint({
    id: 'utility.testEmail',
    method: 'POST',
    path: '/api/core/utility/test-email/',
    access: 'admin',
    area: 'utility',
    summary: 'Send a test mail through the configured transport (SMTP, or the outbox by default)',
    query: TestEmailQuery,
    response: TestEmailResult,
  }),
] as const;

/**
 * Calls beyond endpoints.tsv that the product needs (DECISIONS.md "Calls beyond the spec"): they
 * are served and documented in OpenAPI like the others but kept out of the spec's route table.
 */
export const extensionEndpoints = [
  defineEndpoint({
    id: 'audit.list',
    method: 'GET',
    path: '/api/admin/audit_log',
    access: 'admin',
    area: 'audit',
    summary: 'The audit log of admin market calls (who, when, what, outcome), newest first, filtered and paged',
    query: AuditLogQuery,
    response: AuditLogPage,
  }),
] as const;
