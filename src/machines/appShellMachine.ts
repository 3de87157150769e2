import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { Profile } from '../../contract/accounts/schemas';
import { LANGUAGES, THEMES, type Language, type Theme } from '../../contract/constants';
import type { AppConfig } from '../../contract/general/schemas';

/**
 * The shell's state: sidebar, language (and with it direction), theme, per-component state, the
 * app config and market info. The spec's `appState` subset is handed to the `persist` action after
 * every change of it; the config is loaded at start and again once a day.
 */

export const APP_REFRESH_MS = 86_400_000;

export type LanguageIso = 'fa' | 'en';
export type Direction = 'rtl' | 'ltr';

/** Exactly what the spec persists under `appState`. */
export interface PersistedAppState {
  sidebarShow: boolean;
  sidebarUnfoldable: boolean;
  language: Language;
  theme: Theme;
  config: AppConfig | null;
  marketInfo: unknown;
}

export interface AppShellInput {
  /** Read from `appState` by the caller; anything malformed falls back to the default. */
  persisted?: Partial<Record<keyof PersistedAppState, unknown>>;
  /** Override of the daily refresh (tests keep the spec's value). */
  refreshMs?: number;
  /** The clock `configLoadedAt` is read from; tests pass their simulated clock's. */
  now?: () => number;
}

export interface AppShellContext extends PersistedAppState {
  /** True until the first config load has settled, either way. */
  firstLoad: boolean;
  /** True once there is a config to render with (loaded, or restored from `appState`). */
  isReady: boolean;
  languageIso: LanguageIso;
  direction: Direction;
  components: Record<string, Record<string, unknown>>;
  userProfile: Profile | null;
  configLoadedAt: number | null;
  error: unknown;
  refreshMs: number;
  now: () => number;
}

export type AppShellEvent =
  | { type: 'shell.toggleSidebar' }
  | { type: 'shell.setSidebar'; show: boolean }
  | { type: 'shell.toggleUnfoldable' }
  | { type: 'shell.setLanguage'; language: Language }
  | { type: 'shell.setTheme'; theme: Theme }
  | { type: 'shell.setComponentState'; component: string; key: string; value: unknown }
  | { type: 'shell.profileLoaded'; profile: Profile }
  | { type: 'shell.marketInfoLoaded'; marketInfo: unknown }
  | { type: 'shell.retry' };

/** The daily refresh asks the root to reload market info (it needs the session the shell lacks). */
export type AppShellEmitted = { type: 'shell.refreshMarketInfo' };

/** `fa-IR` → fa, right to left; anything else left to right. */
export function languageFields(language: Language): { language: Language; languageIso: LanguageIso; direction: Direction } {
  const languageIso = language.split('-')[0] as LanguageIso;
  return { language, languageIso, direction: languageIso === 'fa' ? 'rtl' : 'ltr' };
}

export function persistedSubset(context: PersistedAppState): PersistedAppState {
  const { sidebarShow, sidebarUnfoldable, language, theme, config, marketInfo } = context;
  return { sidebarShow, sidebarUnfoldable, language, theme, config, marketInfo };
}

const isOneOf = <T extends string>(options: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (options as readonly string[]).includes(value);

/**
 * A stored config is our own earlier answer and is refreshed from the server at start; checking
 * the fields the shell reads is enough (and keeps the schema library off the sign-in page).
 */
function looksLikeConfig(value: unknown): value is AppConfig {
  if (!value || typeof value !== 'object') return false;
  const config = value as Partial<Record<keyof AppConfig, unknown>>;
  return (
    isOneOf(LANGUAGES, config.default_language) &&
    Array.isArray(config.languages) &&
    Array.isArray(config.markets) &&
    Array.isArray(config.timeframes) &&
    typeof config.open_registration === 'boolean'
  );
}

/** Storage is outside our control: keep only values of the right shape. */
export function restore(persisted: AppShellInput['persisted'] = {}): PersistedAppState {
  return {
    sidebarShow: typeof persisted.sidebarShow === 'boolean' ? persisted.sidebarShow : true,
    sidebarUnfoldable: typeof persisted.sidebarUnfoldable === 'boolean' ? persisted.sidebarUnfoldable : false,
    language: isOneOf(LANGUAGES, persisted.language) ? persisted.language : 'fa-IR',
    theme: isOneOf(THEMES, persisted.theme) ? persisted.theme : 'light',
    config: looksLikeConfig(persisted.config) ? persisted.config : null,
    marketInfo: persisted.marketInfo ?? null,
  };
}

export const appShellMachine = setup({
  types: {
    input: {} as AppShellInput | undefined,
    context: {} as AppShellContext,
    events: {} as AppShellEvent,
    emitted: {} as AppShellEmitted,
  },
  actors: {
    // Replaced by the caller with the real call; the default refuses so a missing provide is loud.
    loadConfig: fromPromise<AppConfig>(async () => {
      throw new Error('appShellMachine: provide a `loadConfig` actor');
    }),
  },
  actions: {
    // Replaced by the caller (storage under `appState`); the machine only names the write.
    persist: (_, _params: PersistedAppState) => {},
    toggleSidebar: assign({ sidebarShow: ({ context }) => !context.sidebarShow }),
    setSidebar: assign({
      sidebarShow: ({ event }) => {
        assertEvent(event, 'shell.setSidebar');
        return event.show;
      },
    }),
    toggleUnfoldable: assign({ sidebarUnfoldable: ({ context }) => !context.sidebarUnfoldable }),
    setLanguage: assign(({ event }) => {
      assertEvent(event, 'shell.setLanguage');
      return languageFields(event.language);
    }),
    setTheme: assign({
      theme: ({ event }) => {
        assertEvent(event, 'shell.setTheme');
        return event.theme;
      },
    }),
    setComponentState: assign({
      components: ({ context, event }) => {
        assertEvent(event, 'shell.setComponentState');
        const current = context.components[event.component] ?? {};
        return { ...context.components, [event.component]: { ...current, [event.key]: event.value } };
      },
    }),
    adoptProfile: assign(({ event }) => {
      assertEvent(event, 'shell.profileLoaded');
      return { userProfile: event.profile, theme: event.profile.theme, ...languageFields(event.profile.language) };
    }),
    setMarketInfo: assign({
      marketInfo: ({ event }) => {
        assertEvent(event, 'shell.marketInfoLoaded');
        return event.marketInfo;
      },
    }),
    requestMarketInfo: emit({ type: 'shell.refreshMarketInfo' as const }),
  },
  delays: {
    refresh: ({ context }) => context.refreshMs,
  },
}).createMachine({
  id: 'appShell',
  initial: 'loading',
  context: ({ input }) => {
    const restored = restore(input?.persisted);
    return {
      ...restored,
      ...languageFields(restored.language),
      firstLoad: true,
      isReady: restored.config !== null,
      components: {},
      userProfile: null,
      configLoadedAt: null,
      error: null,
      refreshMs: input?.refreshMs ?? APP_REFRESH_MS,
      now: input?.now ?? Date.now,
    };
  },
  on: {
    'shell.toggleSidebar': { actions: ['toggleSidebar', { type: 'persist', params: ({ context }) => persistedSubset(context) }] },
    'shell.setSidebar': { actions: ['setSidebar', { type: 'persist', params: ({ context }) => persistedSubset(context) }] },
    'shell.toggleUnfoldable': { actions: ['toggleUnfoldable', { type: 'persist', params: ({ context }) => persistedSubset(context) }] },
    'shell.setLanguage': { actions: ['setLanguage', { type: 'persist', params: ({ context }) => persistedSubset(context) }] },
    'shell.setTheme': { actions: ['setTheme', { type: 'persist', params: ({ context }) => persistedSubset(context) }] },
    'shell.profileLoaded': { actions: ['adoptProfile', { type: 'persist', params: ({ context }) => persistedSubset(context) }] },
    'shell.marketInfoLoaded': { actions: ['setMarketInfo', { type: 'persist', params: ({ context }) => persistedSubset(context) }] },
    // Per-component state is not part of `appState`: nothing to persist.
    'shell.setComponentState': { actions: 'setComponentState' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              config: event.output,
              configLoadedAt: context.now(),
              firstLoad: false,
              isReady: true,
              error: null,
            })),
            { type: 'persist', params: ({ context }) => persistedSubset(context) },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => event.error, firstLoad: false }),
        },
      },
    },
    ready: {
      // The spec's one-day refresh of config and market info.
      after: { refresh: { target: 'loading', actions: 'requestMarketInfo' } },
    },
    failed: {
      on: { 'shell.retry': 'loading' },
    },
  },
});
