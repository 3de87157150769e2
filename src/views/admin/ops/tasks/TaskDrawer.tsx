import { useEffect, useState } from 'react';
import type { TaskInfo } from '../../../../../contract/system/tasks';
import { adminTasksApi, adminTasksTags } from '../../../../actors/adminTasksEndpoints';
import { useAppSystem, useQuery } from '../../../../actors/hooks';
import { formatDateTime } from '../../../../i18n/format';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Drawer } from '../../../components/Drawer';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../errorMessage';
import { Chip } from '../Chip';
import { ConfirmDialog } from '../ConfirmDialog';
import { JsonBlock } from '../JsonBlock';
import { STATE_CHIP, taskLabelKey } from '../labels';
import { useAdminOpsT } from '../useAdminOpsT';
import { isFinished, newerTask } from './liveTasks';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * One task in full on the end side: its arguments, result (read with get_result) and error, and
 * revoke, terminate (asked once more) and forget. The live row, when newer, wins over the read.
 */
export function TaskDrawer({ taskId, liveTask, language, onClose, onChanged, onForgotten }: {
  taskId: string;
  liveTask: TaskInfo | undefined;
  language: string;
  onClose: () => void;
  onChanged: (task: TaskInfo) => void;
  onForgotten: (taskId: string) => void;
}) {
  const { t } = useAdminOpsT();
  const system = useAppSystem();
  const read = useQuery(adminTasksApi.state, { query: { task_id: taskId, get_result: true } }, { tags: [adminTasksTags.state] });
  const task = read.data ? newerTask(read.data, liveTask) : liveTask;
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);

  // The result is stored when the task ends: read it again once the live state says so.
  const liveState = liveTask?.state;
  const readState = read.data?.state;
  const { refetch } = read;
  useEffect(() => {
    if (liveState && readState && liveState !== readState) refetch();
    // `refetch` is a new function each render; the states decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [liveState, readState]);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: await work() });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };
  const revoke = (terminate: boolean) =>
    run(async () => {
      const answer = await system.api.call(adminTasksApi.revoke, { query: { task_id: taskId, terminate } });
      onChanged(answer);
      return t('adminOps.detail.revoked');
    });
  const forget = () =>
    run(async () => {
      await system.api.call(adminTasksApi.state, { query: { task_id: taskId, forget: true } });
      onForgotten(taskId);
      return t('adminOps.detail.forgotten');
    });

  const when = (iso: string | null) => (iso ? formatDateTime(Date.parse(iso), language) : t('adminOps.none'));
  const label = task ? t(taskLabelKey(task.name)) : taskId;
  return (
    <Drawer
      label={t('adminOps.detail.title')}
      heading={
        <>
          <h2 className="text-lg font-semibold">{label}</h2>
          <p className="font-mono text-xs text-slate-500" dir="ltr">{taskId}</p>
        </>
      }
      closeLabel={t('adminOps.close')}
      onClose={onClose}
      testId="task-drawer"
      wide
      escapeCloses={!confirming}
      bodyClassName="space-y-4"
    >
        {notice ? <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>{notice.text}</Alert> : null}
        {!task ? (
          read.error ? <Alert tone="error">{errorMessage(read.error, t)}</Alert> : <Spinner />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <Chip className={STATE_CHIP[task.state]} testId="drawer-state">{t(`adminOps.states.${task.state}`)}</Chip>
              {task.revoke ? <Chip className={STATE_CHIP.REVOKED}>{t('adminOps.detail.revokeAsked')}</Chip> : null}
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-500">{t('adminOps.tasks.columns.created')}</dt>
              <dd className="tabular-nums">{when(task.created_at)}</dd>
              <dt className="text-slate-500">{t('adminOps.tasks.columns.started')}</dt>
              <dd className="tabular-nums">{when(task.started_at)}</dd>
              <dt className="text-slate-500">{t('adminOps.tasks.columns.finished')}</dt>
              <dd className="tabular-nums">{when(task.finished_at)}</dd>
            </dl>
            <section className="space-y-1">
              <h3 className="text-sm font-medium">{t('adminOps.detail.args')}</h3>
              <JsonBlock value={task.args} label={t('adminOps.detail.args')} />
            </section>
            {task.error ? (
              <section className="space-y-1" data-testid="task-error">
                <h3 className="text-sm font-medium">{t('adminOps.detail.error')}</h3>
                <p dir="ltr" className="rounded-lg bg-rose-50 p-3 text-start text-sm text-rose-800 dark:bg-rose-950 dark:text-rose-200">
                  <span className="font-mono font-semibold">{task.error.type}</span>: {task.error.message}
                </p>
              </section>
            ) : null}
            <section className="space-y-1">
              <h3 className="text-sm font-medium">{t('adminOps.detail.result')}</h3>
              {task.has_result && task.result !== null && task.result !== undefined ? (
                <JsonBlock value={task.result} label={t('adminOps.detail.result')} />
              ) : (
                <p className="text-sm text-slate-500">{t('adminOps.detail.noResult')}</p>
              )}
            </section>
            <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
              {isFinished(task) ? (
                <Button kind="secondary" disabled={busy} onClick={() => void forget()}>{t('adminOps.detail.forget')}</Button>
              ) : (
                <>
                  <Button kind="secondary" disabled={busy} title={t('adminOps.detail.revokeHint')} onClick={() => void revoke(false)}>
                    {t('adminOps.detail.revoke')}
                  </Button>
                  <Button kind="secondary" className="text-rose-700 dark:text-rose-300" disabled={busy} onClick={() => setConfirming(true)}>
                    {t('adminOps.detail.terminate')}
                  </Button>
                </>
              )}
            </div>
            <ConfirmDialog
              open={confirming}
              title={`${t('adminOps.detail.terminate')} · ${label}`}
              question={t('adminOps.detail.terminateQuestion')}
              confirmLabel={t('adminOps.detail.terminateConfirm')}
              busy={busy}
              onCancel={() => setConfirming(false)}
              onConfirm={() => {
                setConfirming(false);
                void revoke(true);
              }}
            />
          </>
        )}
    </Drawer>
  );
}
