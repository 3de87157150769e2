import type { ServiceInfo } from '../../contract/system/services';
import { NotFoundError } from '../domain/errors';
import type { ServiceManager } from '../services/serviceManager';
import type { CommandRelay } from './commandRelay';
import type { Leadership } from './leadership';
import type { ProcessRegistry, ProcessSnapshot } from './processRegistry';

/**
 * The service manager of a scaled-out process (issue 9): the same answers as the local one, over
 * the services of every process. Its own services come from the local manager, the others' from
 * their snapshots in Redis, and a command for a service another process runs is relayed to it.
 *
 * A feed or the engine is listed by its leader only; the standby processes that contend for it do
 * not list it (they run nothing), so every name appears once. During a takeover the dead leader's
 * snapshot can linger for a few seconds: a running entry wins over a stopped one, then the newest.
 */
export function createClusterServiceManager(deps: {
  local: ServiceManager;
  registry: ProcessRegistry;
  relay: CommandRelay;
  leadership: Leadership;
}) {
  const { local, registry, relay, leadership } = deps;
  // A standby's stopped copy of the engine (or a feed it led before) must not reach admins' sockets.
  local.showOnly((name) => !leadership.governs(name) || leadership.leads(name));

  /** This process's services as the cluster sees them: a led service only while this process leads it. */
  const ownList = async (withData: boolean) =>
    (await local.list(withData)).filter((s) => !leadership.governs(s.name) || leadership.leads(s.name));

  const ownsHere = (name: string) => local.has(name) && (!leadership.governs(name) || leadership.leads(name));

  /** Every service of the other processes, each with the process that runs it. */
  const remote = async (): Promise<{ info: ServiceInfo; owner: ProcessSnapshot }[]> => {
    const chosen = new Map<string, { info: ServiceInfo; owner: ProcessSnapshot }>();
    for (const owner of await registry.others()) {
      for (const info of owner.services) {
        const seen = chosen.get(info.name);
        if (!seen || better(info, seen.info)) chosen.set(info.name, { info, owner });
      }
    }
    return [...chosen.values()];
  };

  const find = async (name: string) => {
    const others = await remote();
    const found = others.find((o) => o.info.name === name);
    if (found) return found;
    const known = [...(await ownList(false)).map((s) => s.name), ...others.map((o) => o.info.name)].sort();
    throw new NotFoundError(`Service "${name}" (known services: ${known.join(', ')})`);
  };

  let unwatch: (() => void) | undefined;

  return {
    async startAll() {
      await relay.start();
      await local.startAll();
      await leadership.start();
      await registry.start();
      unwatch = local.onChange(() => registry.refresh());
    },

    /** Leaves the list, steps down from every lease (another process takes over), then stops the rest. */
    async stopAll() {
      unwatch?.();
      await registry.stop();
      await leadership.stop();
      relay.stop();
      await local.stopAll();
    },

    /** Feeds (by market), then the others by kind and name, as one process lists them. */
    async list(withData: boolean): Promise<ServiceInfo[]> {
      const mine = await ownList(withData);
      const names = new Set(mine.map((s) => s.name));
      const others = (await remote()).map((o) => o.info).filter((s) => !names.has(s.name));
      const merged = [...mine, ...others.map((s) => (withData ? s : { ...s, data: null }))];
      return merged.sort(byKindThenName);
    },

    async info(name: string, withData = false): Promise<ServiceInfo> {
      if (ownsHere(name)) return local.info(name, withData);
      const { info } = await find(name);
      return withData ? info : { ...info, data: null };
    },

    /** Another process's figures are those of its latest snapshot (a few seconds old at most). */
    async data(name: string) {
      if (ownsHere(name)) return local.data(name);
      const { info, owner } = await find(name);
      return { name: info.name, status: info.status, data: info.data ?? {}, collected_at: owner.published_at };
    },

    async command(name: string, command: string, args: Record<string, unknown>) {
      if (ownsHere(name)) return local.command(name, command, args);
      const { owner } = await find(name);
      return relay.send(owner, name, command, args);
    },

    /** This process's own (local) services, for the registry's snapshot. */
    ownList,
  };
}

const KIND_ORDER = ['market-feed', 'strategy-engine', 'notifier', 'task-worker', 'ws-hub'];
const byKindThenName = (a: ServiceInfo, b: ServiceInfo) =>
  KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.name.localeCompare(b.name);

/** Of two entries of one name (a takeover in progress), the running one, else the newer. */
const better = (candidate: ServiceInfo, current: ServiceInfo) =>
  (candidate.status === 'running') !== (current.status === 'running') ? candidate.status === 'running' : candidate.updated_at > current.updated_at;
