import type { ServiceInfo } from '../../../../../contract/system/services';

export interface CommandButton {
  name: string;
  destructive: boolean;
  /** Arguments asked for before sending (a feed's subscribe/unsubscribe take a symbol). */
  args: string[];
}

const LIFECYCLE = ['start', 'stop', 'restart'] as const;
/** Stopping or restarting cuts a service's work, whatever it reports. */
const ALWAYS_DESTRUCTIVE = new Set(['stop', 'restart']);

/** start, stop and restart first, then the service's own commands, each with what it needs. */
export function commandButtons(service: Pick<ServiceInfo, 'commands'>): CommandButton[] {
  const listed = new Map(service.commands.map((c) => [c.name, c]));
  const own = service.commands.map((c) => c.name).filter((name) => !(LIFECYCLE as readonly string[]).includes(name));
  return [...LIFECYCLE, ...own].map((name) => ({
    name,
    destructive: ALWAYS_DESTRUCTIVE.has(name) || listed.get(name)?.destructive === true,
    args: listed.get(name)?.args ?? [],
  }));
}

/** A lifecycle command that would change nothing (start a running service) is offered disabled. */
export function commandUseless(name: string, status: ServiceInfo['status']): boolean {
  return (name === 'start' && status === 'running') || (name === 'stop' && status === 'stopped');
}
