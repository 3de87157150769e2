import { useEffect, useState } from 'react';
import type { Notification } from '../../../contract/notifications/schemas';
import { useAppSystem } from '../../actors/hooks';
import { notificationApi } from '../../actors/notificationEndpoints';

/**
 * The notification the drawer shows (`?open=<id>`): from the page on screen, else the bell's
 * list, else read by id (the list has no id filter, so the first one after id − 1, oldest first).
 */
export function useOpenNotification(id: number | null, rows: readonly Notification[] | undefined): Notification | null {
  const system = useAppSystem();
  const held = id === null ? null : (rows?.find((n) => n.id === id) ?? system.notifications.getSnapshot().context.active.find((n) => n.id === id) ?? null);
  const [fetched, setFetched] = useState<Notification | null>(null);
  useEffect(() => {
    if (id === null || held) return undefined;
    let live = true;
    const query = id > 1 ? { after_id: id - 1, order: 'asc' as const, limit: 1 } : { order: 'asc' as const, limit: 1 };
    system.api
      .call(notificationApi.list, { query })
      .then((page) => live && setFetched(page.data.find((n) => n.id === id) ?? null))
      .catch(() => live && setFetched(null));
    return () => {
      live = false;
    };
  }, [id, held, system]);
  if (id === null) return null;
  return held ?? (fetched?.id === id ? fetched : null);
}
