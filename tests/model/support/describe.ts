import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { AFTER, DONE, ERROR, type ModelStep } from './types';

/** A state value as text: `loggedIn.ready`; parallel regions joined with `+`. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return String(value);
  const parts = Object.entries(value).map(([key, child]) => {
    const inner = formatValue(child);
    return typeof child === 'string' || Object.keys(child as object).length <= 1 ? `${key}.${inner}` : `${key}.(${inner})`;
  });
  return parts.join('+');
}

/**
 * An event as text: invoke results and timers shortened (`done(login)`, `error(login)`,
 * `after(retention)`), other payloads shown as compact JSON.
 */
export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  if (type.startsWith(DONE)) return `done(${type.slice(DONE.length)})`;
  if (type.startsWith(ERROR)) {
    const error = payload.error as { status?: unknown; kind?: unknown; message?: unknown } | undefined;
    const what = error?.kind && error.kind !== 'HTTP_ERROR' ? error.kind : (error?.status ?? error?.kind ?? error?.message);
    return `error(${type.slice(ERROR.length)}${what === undefined ? '' : `: ${String(what)}`})`;
  }
  if (type.startsWith(AFTER)) return `after(${type.slice(AFTER.length).split('.')[0]})`;
  if (!Object.keys(payload).length) return type;
  const json = JSON.stringify(payload);
  return `${type} ${json.length > 60 ? `${json.slice(0, 57)}…` : json}`;
}

/** A snapshot's state as text; a machine without states reads as its id. */
export function stateText(snapshot: AnyMachineSnapshot): string {
  const value = snapshot.value as unknown;
  return value && typeof value === 'object' && !Object.keys(value).length ? snapshot.machine.id : formatValue(value);
}

/** Keeps an invoke error's payload: its status or kind is what the short form shows. */
export function errorOf(event: EventObject): Record<string, unknown> {
  return event.type.startsWith(ERROR) ? { error: (event as EventObject & { error?: unknown }).error } : {};
}

/** `state → event → state …` for a path's steps (the initial `xstate.init` is implied). */
export function describePath(steps: readonly ModelStep[], describe: (event: EventObject) => string = describeEvent): string {
  const [first, ...rest] = steps;
  if (!first) return '(empty path)';
  // A machine without states: the events are the whole story.
  if (steps.every((step) => stateText(step.state) === step.state.machine.id)) {
    return `${first.state.machine.id}: ${rest.map((step) => describe(step.event)).join(' → ') || '(initial)'}`;
  }
  return [stateText(first.state), ...rest.map((step) => `${describe(step.event)} → ${stateText(step.state)}`)].join(' → ');
}
