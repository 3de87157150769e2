import type { ServiceInfo, ServiceLiveMessage } from '../../contract/system/services';
import { topics, type Bus } from './bus';

/** The `service` message of `/api/ws/app` for one service. */
export const serviceMessage = (info: ServiceInfo): ServiceLiveMessage => ({
  _type: 'service',
  params: { service_name: info.name },
  data: info,
});

/**
 * Publishes a service's state to the admins' `/api/ws/app` sockets (status changes, and the
 * periodic figures of the services panel). A closed bus (shutdown) is not an error here.
 */
export function publishServiceInfo(bus: Bus, info: ServiceInfo): Promise<void> {
  return bus.publish(topics.admins, serviceMessage(info)).catch(() => undefined);
}

/**
 * Whether anyone listens on the admins' topic. The in-process bus can tell (collecting figures
 * reads the database, so nobody listening means no work); a bus that cannot tell is assumed busy.
 */
export function adminsListening(bus: Bus): boolean {
  const counter = bus as Partial<{ subscriberCount(topic?: string): number }>;
  return typeof counter.subscriberCount === 'function' ? counter.subscriberCount(topics.admins) > 0 : true;
}
