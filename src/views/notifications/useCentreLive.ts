import { useEffect } from 'react';
import { useAppSystem } from '../../actors/hooks';
import { notificationTags } from '../../actors/notificationEndpoints';

/** Every notification frame (created, changed, deleted) refetches the centre's page. */
export function useCentreLive() {
  const system = useAppSystem();
  useEffect(() => system.onNotification(() => system.queries.send({ type: 'query.invalidate', tags: [notificationTags.list] })), [system]);
}
