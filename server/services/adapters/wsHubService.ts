import type { Bus } from '../../live/bus';
import type { ClientRegistry } from '../../live/registry';
import { HUB_STOPPED_REASON, SERVICE_RESTART } from '../../live/socketRoute';
import type { ServiceAdapter } from '../managedService';

/**
 * `ws-hub`: the live sockets (app, live_price, portfolio). Stop closes every open one with 1012
 * ("service restart": clients reconnect later) and refuses new ones until start.
 */
export function wsHubService(deps: { liveClients: ClientRegistry; bus: Bus }): ServiceAdapter {
  const { liveClients, bus } = deps;
  return {
    name: 'ws-hub',
    kind: 'ws-hub',
    market: null,
    start: async () => liveClients.setAccepting(true),
    async stop() {
      liveClients.setAccepting(false);
      liveClients.closeAll(SERVICE_RESTART, HUB_STOPPED_REASON);
    },
    async data() {
      const { total, byKind, users } = liveClients.stats();
      const counter = bus as Partial<{ subscriberCount(topic?: string): number }>;
      return {
        clients: total,
        app: byKind.app,
        market: byKind.market,
        portfolio: byKind.portfolio,
        users,
        open_sockets: liveClients.openSockets(),
        // The in-process bus can count its subscriptions; a Redis bus cannot.
        bus_subscribers: typeof counter.subscriberCount === 'function' ? counter.subscriberCount() : null,
      };
    },
  };
}
