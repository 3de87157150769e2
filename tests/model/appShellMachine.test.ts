import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { Profile } from '../../contract/accounts/schemas';
import type { AppConfig } from '../../contract/general/schemas';
import {
  appShellMachine,
  restore,
  type AppShellContext,
  type AppShellEmitted,
  type AppShellEvent,
  type AppShellInput,
  type PersistedAppState,
} from '../../src/machines/appShellMachine';
import { createFakeActors, generatePaths, missingCoverage, NO_GAPS, replayPath, type ModelPath, type StepCheck } from './support/modelPaths';

/*
 * The shell's paths, generated twice from its graph: once for a first visit (nothing stored) and
 * once restoring a stored `appState`. Each is replayed on a real actor with a deferred `loadConfig`,
 * a recording `persist` and a SimulatedClock, asserting at every step that direction follows the
 * language, that `persist` got exactly the spec's subset after every change of it (and storage so
 * always mirrors the state), and that config and market info are refreshed after exactly one day.
 */

const DAY_MS = 86_400_000;
const PERSISTED_KEYS = ['config', 'language', 'marketInfo', 'sidebarShow', 'sidebarUnfoldable', 'theme'];

const CONFIG: AppConfig = {
  app_name: { fa: 'بازار', en: 'Bazaar' },
  version: '0.1.0',
  open_registration: true,
  default_language: 'fa-IR',
  languages: ['fa-IR', 'en-US'],
  default_theme: 'light',
  timeframes: ['1m', '1h', '1d'],
  markets: ['crypto'],
  refresh_interval_ms: DAY_MS,
  server_time: '2025-01-01T00:00:00Z',
};
const STORED_CONFIG: AppConfig = { ...CONFIG, version: '0.0.9' };
const PROFILE: Profile = {
  user_id: 1,
  display_name: 'Admin',
  language: 'en-US',
  theme: 'dark',
  timezone: 'Asia/Tehran',
  default_market: 'crypto',
  default_portfolio_id: null,
  updated_at: '2025-01-01T00:00:00Z',
};
const MARKET_INFO = { symbols: ['BTCUSDT'], subscriptions: [] };
const offline = { kind: 'FETCH_ERROR', message: 'Failed to fetch' };

/** Invoke results as the graph sees them, next to the machine's own events. */
type ModelEvent = AppShellEvent | { type: 'xstate.done.actor.loadConfig'; output: AppConfig } | { type: 'xstate.error.actor.loadConfig'; error: unknown };

const EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.loadConfig', output: CONFIG },
  { type: 'xstate.error.actor.loadConfig', error: offline },
  { type: 'shell.setSidebar', show: false },
  { type: 'shell.setLanguage', language: 'en-US' },
  { type: 'shell.setLanguage', language: 'fa-IR' },
  { type: 'shell.setTheme', theme: 'dark' },
  { type: 'shell.setComponentState', component: 'chart', key: 'zoom', value: 2 },
  { type: 'shell.profileLoaded', profile: PROFILE },
  { type: 'shell.marketInfoLoaded', marketInfo: MARKET_INFO },
];

/** A first visit, and a return visit whose `appState` differs from every default. */
const FIRST_VISIT: AppShellInput = {};
const RETURN_VISIT: AppShellInput = {
  persisted: { sidebarShow: false, sidebarUnfoldable: true, language: 'en-US', theme: 'dark', config: STORED_CONFIG, marketInfo: { symbols: [] } },
};

/** States differ by value, language and whether a config load has finished (first load or refresh). */
const context = (c: AppShellContext) => ({ language: c.language, loaded: c.configLoadedAt !== null });

const pathsFor = (input: AppShellInput) => generatePaths(appShellMachine, { input, events: EVENTS, context });

const subset = (c: PersistedAppState): PersistedAppState => ({
  sidebarShow: c.sidebarShow,
  sidebarUnfoldable: c.sidebarUnfoldable,
  language: c.language,
  theme: c.theme,
  config: c.config,
  marketInfo: c.marketInfo,
});

/** Events after which the subset was handed to `persist` whether or not it changed. */
const PERSISTING = new Set([
  'shell.toggleSidebar',
  'shell.setSidebar',
  'shell.toggleUnfoldable',
  'shell.setLanguage',
  'shell.setTheme',
  'shell.profileLoaded',
  'shell.marketInfoLoaded',
  'xstate.done.actor.loadConfig',
]);

function harness(input: AppShellInput) {
  const clock = new SimulatedClock();
  clock.set(1_700_000_000_000);
  const fakes = createFakeActors();
  const persisted: PersistedAppState[] = [];
  const emitted: AppShellEmitted[] = [];
  const machine = appShellMachine.provide({
    actors: { loadConfig: fakes.promise() },
    actions: { persist: (_, params: PersistedAppState) => void persisted.push(structuredClone(params)) },
  });
  const actor = createActor(machine, { clock, input: { ...input, now: () => clock.now() } });
  actor.on('*', (event) => void emitted.push(event));
  return { clock, fakes, persisted, emitted, actor };
}

type Harness = ReturnType<typeof harness>;

function checker(h: Harness, input: AppShellInput) {
  let persistCalls = 0;
  let refreshes = 0;
  let retries = 0;
  let readySince: number | null = null;
  // What storage holds: the input's `appState` until the first write.
  let stored: unknown = input.persisted;
  return ({ index, event, snapshot, previous }: StepCheck) => {
    const c = snapshot.context as AppShellContext;
    const prev = previous?.context as AppShellContext | undefined;

    // Direction follows the language: rtl only for fa.
    expect(c.languageIso).toBe(c.language.split('-')[0]);
    expect(c.direction).toBe(c.languageIso === 'fa' ? 'rtl' : 'ltr');
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
    expect(c.isReady).toBe(c.config !== null);

    if (index === 0) {
      expect(subset(c)).toEqual(restore(input.persisted));
      expect(c.firstLoad).toBe(true);
      if (!input.persisted) expect(subset(c)).toEqual({ sidebarShow: true, sidebarUnfoldable: false, language: 'fa-IR', theme: 'light', config: null, marketInfo: null });
    }

    // `persist` gets exactly the spec's subset, after every change of it, and at no other time.
    const newCalls = h.persisted.slice(persistCalls);
    persistCalls = h.persisted.length;
    const changed = prev !== undefined && JSON.stringify(subset(c)) !== JSON.stringify(subset(prev));
    if (changed || PERSISTING.has(event.type)) {
      expect(newCalls).toHaveLength(1);
      expect(Object.keys(newCalls[0]!).sort()).toEqual(PERSISTED_KEYS);
      expect(newCalls[0]).toEqual(subset(c));
      stored = newCalls[0];
    } else {
      expect(newCalls).toHaveLength(0);
    }
    if (stored !== undefined) expect(stored).toEqual(subset(c));

    if (event.type === 'xstate.done.actor.loadConfig') {
      expect(c.config).toEqual(CONFIG);
      expect(c.configLoadedAt).toBe(h.clock.now());
      expect(c.firstLoad).toBe(false);
    }
    if (snapshot.matches('failed')) {
      expect(c.error).toEqual(offline);
      expect(c.firstLoad).toBe(false);
    }
    if (event.type === 'shell.profileLoaded') {
      expect(c.userProfile).toEqual(PROFILE);
      expect([c.language, c.theme]).toEqual([PROFILE.language, PROFILE.theme]);
    }
    if (event.type === 'shell.setComponentState') expect(c.components).toEqual({ chart: { zoom: 2 } });

    // Config and market info are refreshed exactly one day after the shell became ready.
    if (event.type.startsWith('xstate.after.refresh')) {
      refreshes += 1;
      expect(h.clock.now() - readySince!).toBe(DAY_MS);
      expect(snapshot.matches('loading')).toBe(true);
      expect(c.config).toEqual(prev!.config);
    }
    expect(h.emitted.filter((e) => e.type === 'shell.refreshMarketInfo')).toHaveLength(refreshes);
    // One config load at start, one per refresh, one per retry.
    if (event.type === 'shell.retry') retries += 1;
    expect(h.fakes.calls('loadConfig')).toHaveLength(1 + refreshes + retries);

    if (snapshot.matches('ready') && !previous?.matches('ready')) {
      readySince = h.clock.now();
      // Not a millisecond early.
      h.clock.increment(DAY_MS - 1);
      expect(h.actor.getSnapshot().matches('ready')).toBe(true);
    }
  };
}

function replayAll(paths: ModelPath[], input: AppShellInput) {
  for (const path of paths) {
    it(path.description, async () => {
      const h = harness(input);
      const check = checker(h, input);
      await replayPath(path, {
        actor: h.actor,
        clock: h.clock,
        fakes: h.fakes,
        context,
        check,
      });
    });
  }
}

describe('appShellMachine (model), first visit', () => {
  const paths = pathsFor(FIRST_VISIT);
  it('has the planned number of paths', () => expect(paths.map((p) => p.description)).toHaveLength(11));
  it('visits every state and transition', () => expect(missingCoverage(appShellMachine, paths)).toEqual(NO_GAPS));
  replayAll(paths, FIRST_VISIT);
});

describe('appShellMachine (model), return visit restoring appState', () => {
  const paths = pathsFor(RETURN_VISIT);
  it('has the planned number of paths', () => expect(paths.map((p) => p.description)).toHaveLength(11));
  it('visits every state and transition', () => expect(missingCoverage(appShellMachine, paths)).toEqual(NO_GAPS));
  replayAll(paths, RETURN_VISIT);
});

describe('appShellMachine restore', () => {
  it('keeps only well-formed stored values', () => {
    const garbage = { sidebarShow: 'yes', sidebarUnfoldable: 1, language: 'de-DE', theme: 'blue', config: { version: 1 } };
    expect(restore(garbage)).toEqual({ sidebarShow: true, sidebarUnfoldable: false, language: 'fa-IR', theme: 'light', config: null, marketInfo: null });
    const h = harness({ persisted: garbage });
    h.actor.start();
    expect(h.actor.getSnapshot().context).toMatchObject({ language: 'fa-IR', languageIso: 'fa', direction: 'rtl', isReady: false });
    h.actor.stop();
  });
});
