import { Link } from 'react-router-dom';
import type { TaskStarted } from '../../../../contract/market/markets';
import { Alert } from '../../components/Alert';
import { useAdminDataT } from './useAdminDataT';

/** The answer of a call that started a task: its id, linked to the tasks panel where it can be watched. */
export function TaskStartedLink({ task, onDismiss }: { task: TaskStarted; onDismiss: () => void }) {
  const { t } = useAdminDataT();
  return (
    <Alert tone="success" onDismiss={onDismiss}>
      <p>
        {t('adminData.task.started', { name: task.task_name })}{' '}
        <Link to={`/admin/tasks?task=${encodeURIComponent(task.task_id)}`} data-testid="task-link" className="font-medium underline" dir="ltr">
          {task.task_id}
        </Link>
      </p>
    </Alert>
  );
}
