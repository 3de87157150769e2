import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Notification, SettableNotificationStatus } from '../../../contract/notifications/schemas';
import { useAppSystem, useAuthSelector, useQuery, useShellSelector } from '../../actors/hooks';
import { notificationApi, notificationTags } from '../../actors/notificationEndpoints';
import { formatNumber } from '../../i18n/format';
import { Alert } from '../components/Alert';
import { Card } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { BulkBar } from '../notifications/BulkBar';
import { readFilters, toQuery, toSearch, type CentreFilters } from '../notifications/filters';
import { NotificationDrawer } from '../notifications/NotificationDrawer';
import { NotificationFilters } from '../notifications/NotificationFilters';
import { NotificationTable } from '../notifications/NotificationTable';
import { Pagination } from '../notifications/Pagination';
import { setNotificationStatus } from '../notifications/setStatus';
import { useCentreLive } from '../notifications/useCentreLive';
import { useNotificationsT } from '../notifications/useNotificationsT';
import { useOpenNotification } from '../notifications/useOpenNotification';
import { EmptyState, linkButtonClass, PageHeader } from '../signals/controls';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The notification centre: every filter, pages, bulk status and delete, and a detail drawer. */
export default function NotificationsPage() {
  const { t } = useNotificationsT();
  const system = useAppSystem();
  const language = useShellSelector((s) => s.context.language);
  const isAdmin = useAuthSelector((s) => Boolean(s.context.user?.is_superuser));
  const [search, setSearch] = useSearchParams();
  const filters = readFilters(search);
  const openId = Number(search.get('open')) || null;
  const page = useQuery(notificationApi.list, { query: toQuery(filters) }, { tags: [notificationTags.list] });
  useCentreLive();
  const rows = page.data?.data;
  const open = useOpenNotification(openId, rows);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const go = (next: CentreFilters, keepOpen = false) => {
    setSelected(new Set());
    setSearch(toSearch(next, keepOpen ? openId : null));
  };
  const setOpen = (n: Notification | null) => setSearch(toSearch(filters, n?.id ?? null));
  const refresh = () => system.queries.send({ type: 'query.invalidate', tags: [notificationTags.list] });
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setNotice(null);
    try {
      const text = await work();
      setNotice(text ? { tone: 'success', text } : null);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const openRow = (n: Notification) => {
    setOpen(n);
    // Opening a new one is reading it.
    if (n.status === 10) void run(async () => (await setNotificationStatus(system, n.id, 20), ''));
  };
  const bulkStatus = (status: SettableNotificationStatus) =>
    run(async () => {
      const result = await system.api.call(notificationApi.bulkSetStatus, { body: { ids: [...selected], status } });
      setSelected(new Set());
      // The bell catches up with many changes at once by reading its list again.
      system.notifications.send({ type: 'notifications.load' });
      const done = t('notif.select.done', { n: formatNumber(result.updated, language) });
      return result.not_found.length ? `${done} · ${t('notif.select.notFound', { n: formatNumber(result.not_found.length, language) })}` : done;
    });
  const remove = (ids: number[]) =>
    run(async () => {
      const held = rows ?? [];
      await Promise.all(ids.map((id) => system.api.call(notificationApi.remove, { params: { id } })));
      for (const n of held.filter((r) => ids.includes(r.id))) system.notifications.send({ type: 'notification.received', event: 'deleted', notification: n });
      setSelected(new Set());
      if (open && ids.includes(open.id)) setOpen(null);
      return t('notif.select.deleted', { n: formatNumber(ids.length, language) });
    });

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('notif.title')}
        subtitle={t('notif.subtitle')}
        actions={
          <>
            <Link to="/notifications/channels" className={linkButtonClass('secondary')}>{t('notif.channelsLink')}</Link>
            {isAdmin ? <Link to="/notifications/broadcast" className={linkButtonClass('secondary')}>{t('notif.broadcastLink')}</Link> : null}
          </>
        }
      />
      <Card>
        <NotificationFilters filters={filters} onChange={(next) => go(next)} />
      </Card>
      {notice ? <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>{notice.text}</Alert> : null}
      {page.error ? <Alert tone="error">{errorMessage(page.error, t)}</Alert> : null}
      <BulkBar count={selected.size} busy={busy} language={language} onStatus={bulkStatus} onDelete={() => void remove([...selected])} />
      <Card>
        {!page.data && !page.error ? (
          <Spinner />
        ) : !rows?.length ? (
          <EmptyState title={t('notif.empty')} body={t('notif.emptyHint')} />
        ) : (
          <div className="space-y-3">
            <NotificationTable rows={rows} selected={selected} onSelect={setSelected} onOpen={openRow} language={language} />
            <Pagination offset={filters.offset} limit={filters.limit} count={page.data?.count ?? 0} language={language} onPage={(offset, limit) => go({ ...filters, offset, limit })} />
          </div>
        )}
      </Card>
      {open ? (
        <NotificationDrawer
          notification={open}
          language={language}
          busy={busy}
          onClose={() => setOpen(null)}
          onStatus={(status) => void run(async () => (await setNotificationStatus(system, open.id, status), ''))}
          onDelete={() => void remove([open.id])}
        />
      ) : null}
    </div>
  );
}
