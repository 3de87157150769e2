import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ServiceInfo } from '../../../../../contract/system/services';
import { watchOpsMessages } from '../../../../actors/adminOpsLive';
import { adminServicesApi, adminServicesTags } from '../../../../actors/adminServicesEndpoints';
import { useAppSystem, useQuery } from '../../../../actors/hooks';

/** The list is read again this often in case a `service` message was missed. */
const RELOAD_MS = 10_000;

/** The newer copy; a status-only message (data null) keeps the figures already shown. */
export function newerService(current: ServiceInfo | undefined, incoming: ServiceInfo): ServiceInfo {
  if (!current) return incoming;
  if (Date.parse(incoming.updated_at) < Date.parse(current.updated_at)) return current;
  return incoming.data === null ? { ...incoming, data: current.data } : incoming;
}

/** Every service with its figures, updated from `service` messages and command answers, re-read every 10 s and after a reconnect. */
export function useLiveServices() {
  const system = useAppSystem();
  const list = useQuery(adminServicesApi.list, { query: { include_service_data: true } }, { tags: [adminServicesTags.list] });
  const [live, setLive] = useState<ReadonlyMap<string, ServiceInfo>>(new Map());
  const upsert = useCallback((service: ServiceInfo) => {
    setLive((previous) => new Map(previous).set(service.name, newerService(previous.get(service.name), service)));
  }, []);
  useEffect(() => {
    const reload = () => system.queries.send({ type: 'query.invalidate', tags: [adminServicesTags.list] });
    const timer = setInterval(reload, RELOAD_MS);
    const stop = watchOpsMessages(system, { onService: upsert, onReconnect: reload });
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [system, upsert]);
  const listed = list.data?.data;
  const services = useMemo(() => {
    if (!listed) return undefined;
    const names = new Set(listed.map((s) => s.name));
    const merged = listed.map((s) => newerService(s, live.get(s.name) ?? s));
    // A service that appeared since the read (a new market's feed) is shown too.
    return [...merged, ...[...live.values()].filter((s) => !names.has(s.name))];
  }, [listed, live]);
  return { list, services, upsert };
}
