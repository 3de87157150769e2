import { assertEvent, assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { AccessToken, User } from '../../contract/accounts/schemas';

/** The signed-in user as stored under `user`: the contract's User plus the bearer token. */
export type SessionUser = User & { access_token: string };

export interface AuthInput {
  /** The session read from storage under `user` by the caller, or null. */
  storedUser: SessionUser | null;
}

export interface AuthContext {
  user: SessionUser | null;
  /** The login failure's sentence (the server's `detail`) or an i18n key (`errors.network`…). */
  loginError: string | null;
  /** An i18n key under `flash.` shown once on the login page (`session_expired`, `logged_out`). */
  flashMessage: string | null;
  /** The last answer of `GET /user/me` for this session. */
  currentUser: User | null;
}

export type AuthEvent =
  | { type: 'auth.login'; email: string; password: string }
  | { type: 'auth.logout' }
  | { type: 'auth.unauthorized' }
  | { type: 'auth.refresh' }
  | { type: 'auth.clearFlash' }
  | { type: 'auth.clearError' };

export interface LoginInput {
  email: string;
  password: string;
}

/** The shape of the errors reaching the machine (an ApiError, or the older calls' plain Error). */
interface FailureLike {
  kind?: string;
  status?: number;
  data?: unknown;
  message?: string;
}

/** A 401 from the server: the session is no longer valid and must end (forceLogout). */
export function isUnauthorizedError(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as FailureLike).status === 401;
}

/** What the login page shows: the server's sentence, or a key for failures with none. */
export function loginErrorMessage(error: unknown): string {
  const failure = (error && typeof error === 'object' ? error : { message: String(error) }) as FailureLike;
  if (failure.kind === 'FETCH_ERROR') return 'errors.network';
  if (failure.kind === 'TIMEOUT_ERROR') return 'errors.timeout';
  if (failure.kind === 'PARSING_ERROR') return 'errors.parsing';
  const detail = (failure.data as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string' && detail) return detail;
  return failure.message || 'errors.generic';
}

/** The session kept in context and storage: AccessToken.user with its access_token. */
export function sessionOf(token: AccessToken): SessionUser {
  return { ...token.user, access_token: token.access_token };
}

export const SESSION_EXPIRED = 'session_expired';
export const LOGGED_OUT = 'logged_out';

export const authMachine = setup({
  types: {
    input: {} as AuthInput,
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** Provided by the caller: the form login (`POST /login/access-token`). */
    login: fromPromise<AccessToken, LoginInput>(async () => {
      throw new Error('login is not provided');
    }),
    /** Provided by the caller: `GET /user/me` with the session's token. */
    fetchCurrentUser: fromPromise<User, { token: string }>(async () => {
      throw new Error('fetchCurrentUser is not provided');
    }),
  },
  actions: {
    /** Provided by the caller: save the session under `user` in storage. */
    persistUser: (_, _user: SessionUser) => {},
    /** Provided by the caller: remove `user` from storage. */
    clearStoredUser: () => {},
    clearLoginError: assign({ loginError: null }),
    /** The session ends because the server refused it (401): the login page says why. */
    endSessionExpired: assign({ user: null, currentUser: null, flashMessage: SESSION_EXPIRED }),
    endSessionLoggedOut: assign({ user: null, currentUser: null, flashMessage: LOGGED_OUT, loginError: null }),
  },
  guards: {
    hasStoredUser: ({ context }) => context.user !== null,
    isUnauthorized: (_, error: unknown) => isUnauthorizedError(error),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    user: input.storedUser,
    loginError: null,
    flashMessage: null,
    currentUser: null,
  }),
  initial: 'restoring',
  on: {
    'auth.clearFlash': { actions: assign({ flashMessage: null }) },
    'auth.clearError': { actions: 'clearLoginError' },
  },
  states: {
    /** Reload: a stored session is checked with the server before the app trusts it. */
    restoring: {
      always: [{ guard: 'hasStoredUser', target: 'validating' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'auth.login': 'pending' },
        },
        pending: {
          tags: ['loading'],
          entry: 'clearLoginError',
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'auth.login');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                assign({ user: ({ event }) => sessionOf(event.output), currentUser: ({ event }) => event.output.user, flashMessage: null }),
                { type: 'persistUser', params: ({ event }) => sessionOf(event.output) },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({ loginError: ({ event }) => loginErrorMessage(event.error) }),
            },
          },
        },
      },
    },
    validating: {
      tags: ['loading'],
      on: {
        'auth.logout': { target: 'loggedOut', actions: ['endSessionLoggedOut', 'clearStoredUser'] },
        'auth.unauthorized': { target: 'loggedOut', actions: ['endSessionExpired', 'clearStoredUser'] },
      },
      invoke: {
        id: 'fetchCurrentUser',
        src: 'fetchCurrentUser',
        input: ({ context }) => ({ token: context.user!.access_token }),
        onDone: { target: 'loggedIn', actions: assign({ currentUser: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'loggedOut',
            actions: ['endSessionExpired', 'clearStoredUser'],
          },
          // Offline or a server hiccup: keep the stored session rather than throw the user out.
          { target: 'loggedIn' },
        ],
      },
    },
    loggedIn: {
      initial: 'ready',
      on: {
        'auth.logout': { target: 'loggedOut', actions: ['endSessionLoggedOut', 'clearStoredUser'] },
        'auth.unauthorized': { target: 'loggedOut', actions: ['endSessionExpired', 'clearStoredUser'] },
      },
      states: {
        ready: {
          on: { 'auth.refresh': 'refreshing' },
        },
        refreshing: {
          invoke: {
            id: 'fetchCurrentUser',
            src: 'fetchCurrentUser',
            input: ({ context }) => ({ token: context.user!.access_token }),
            onDone: { target: 'ready', actions: assign({ currentUser: ({ event }) => event.output }) },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }: { event: ErrorActorEvent }) => event.error },
                target: '#auth.loggedOut',
                actions: ['endSessionExpired', 'clearStoredUser'],
              },
              { target: 'ready' },
            ],
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
