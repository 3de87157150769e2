import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TaskInfo } from '../../../contract/system/tasks';
import { adminTasksTags } from '../../actors/adminTasksEndpoints';
import { useAppSystem, useShellSelector } from '../../actors/hooks';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { EmptyState, PageHeader } from '../signals/controls';
import { taskLabelKey } from '../admin/ops/labels';
import { StartTaskForm } from '../admin/ops/tasks/StartTaskForm';
import { TaskCounts } from '../admin/ops/tasks/TaskCounts';
import { TaskDrawer } from '../admin/ops/tasks/TaskDrawer';
import { TaskFilterBar } from '../admin/ops/tasks/TaskFilterBar';
import { readTaskFilters, toTaskSearch, type TaskFilters } from '../admin/ops/tasks/taskFilters';
import { TaskPager } from '../admin/ops/tasks/TaskPager';
import { TaskTable } from '../admin/ops/tasks/TaskTable';
import { UtilityActions } from '../admin/ops/tasks/UtilityActions';
import { useLiveTasks } from '../admin/ops/tasks/useLiveTasks';
import { useAdminOpsT } from '../admin/ops/useAdminOpsT';

/** Admin: the tasks panel — counts, filters in the address, a live table, details, and starting tasks. */
export default function AdminTasksPage() {
  const { t } = useAdminOpsT();
  const system = useAppSystem();
  const language = useShellSelector((s) => s.context.language);
  const [search, setSearch] = useSearchParams();
  const searchKey = search.toString();
  // One filters object per address, so the live rows are merged again only when it changes.
  const filters = useMemo(() => readTaskFilters(new URLSearchParams(searchKey)), [searchKey]);
  const openTask = search.get('task');
  const { report, rows, live, online, upsert, forget } = useLiveTasks(filters);
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const go = (next: TaskFilters, task: string | null = openTask) => setSearch(toTaskSearch(next, task));
  const open = (taskId: string | null) => go(filters, taskId);
  const refresh = useCallback(() => system.queries.send({ type: 'query.invalidate', tags: [adminTasksTags.report] }), [system]);
  const started = (task: TaskInfo) => {
    upsert(task);
    setNotice(t('adminOps.start.started', { name: t(taskLabelKey(task.name)) }));
    refresh();
  };
  const forgotten = (taskId: string) => {
    forget(taskId);
    setNotice(t('adminOps.detail.forgotten'));
    open(null);
    refresh();
  };

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('adminOps.tasks.title')}
        subtitle={t('adminOps.tasks.subtitle')}
        actions={
          <Button aria-expanded={starting} onClick={() => setStarting((on) => !on)}>
            {t('adminOps.start.open')}
          </Button>
        }
      />
      {starting ? (
        <Card title={t('adminOps.start.title')}>
          <StartTaskForm onStarted={started} />
        </Card>
      ) : null}
      <Card>
        <UtilityActions onStarted={started} />
      </Card>
      {notice ? <Alert tone="success" onDismiss={() => setNotice(null)}><span data-testid="tasks-notice">{notice}</span></Alert> : null}
      <Card>
        <div className="space-y-4">
          <TaskCounts counts={report.data?.counts} active={filters.state} language={language} onPick={(state) => go({ ...filters, state, offset: 0 })} />
          <TaskFilterBar filters={filters} onChange={(next) => go(next)} />
          {online ? null : <p className="text-xs text-amber-700 dark:text-amber-300" role="status">{t('adminOps.tasks.offline')}</p>}
        </div>
      </Card>
      {report.error ? <Alert tone="error">{errorMessage(report.error, t)}</Alert> : null}
      <Card>
        {!rows && !report.error ? (
          <Spinner />
        ) : !rows?.length ? (
          <EmptyState title={t('adminOps.tasks.empty')} body={t('adminOps.tasks.emptyHint')} />
        ) : (
          <div className="space-y-3">
            <TaskTable rows={rows} language={language} onOpen={(task) => open(task.id)} />
            <TaskPager offset={filters.offset} limit={filters.limit} count={report.data?.count ?? 0} language={language} onPage={(offset, limit) => go({ ...filters, offset, limit })} />
          </div>
        )}
      </Card>
      {openTask ? (
        <TaskDrawer
          key={openTask}
          taskId={openTask}
          liveTask={live.get(openTask) ?? rows?.find((row) => row.id === openTask)}
          language={language}
          onClose={() => open(null)}
          onChanged={upsert}
          onForgotten={forgotten}
        />
      ) : null}
    </div>
  );
}
