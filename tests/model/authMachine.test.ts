import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import type { AccessToken, User } from '../../contract/accounts/schemas';
import { authMachine, sessionOf, type AuthContext, type SessionUser } from '../../src/machines/authMachine';
import { createFakeActors, generatePaths, missingCoverage, NO_GAPS, type ModelEvent, pathsCoverage, replayPath, type ModelPath, type StepCheck } from './support/modelPaths';

const user: User = {
  id: 1,
  email: 'admin@example.com',
  full_name: 'Admin',
  is_active: true,
  is_superuser: true,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};
const token: AccessToken = { access_token: 'fresh-token', token_type: 'bearer', expires_at: 1_900_000_000_000, user };
const storedUser: SessionUser = { ...user, full_name: 'Admin (stored)', access_token: 'stored-token' };
const renamed: User = { ...user, full_name: 'Admin (renamed)' };

// Errors as the services hand them over (ApiError's fields).
const badCredentials = { kind: 'HTTP_ERROR', status: 400, data: { detail: 'Incorrect email or password' }, message: 'Incorrect email or password' };
const offline = { kind: 'FETCH_ERROR', message: 'Failed to fetch' };
const expired = { kind: 'HTTP_ERROR', status: 401, data: { detail: 'Could not validate credentials' }, message: 'Could not validate credentials' };

const events: ModelEvent[] = [
  { type: 'auth.login', email: 'admin@example.com', password: 'changethis' },
  { type: 'xstate.done.actor.login', output: token },
  { type: 'xstate.error.actor.login', error: badCredentials },
  { type: 'xstate.error.actor.login', error: offline },
  { type: 'xstate.done.actor.fetchCurrentUser', output: renamed },
  { type: 'xstate.error.actor.fetchCurrentUser', error: expired },
  { type: 'xstate.error.actor.fetchCurrentUser', error: offline },
];

/** What tells two auth states apart besides the state value (all bounded). */
const context = (c: AuthContext) => ({
  token: c.user?.access_token ?? null,
  loginError: c.loginError,
  flash: c.flashMessage,
  currentUser: c.currentUser?.full_name ?? null,
});

const inputs = { 'fresh start': { storedUser: null }, 'reload with a stored session': { storedUser } } as const;
const pathsByInput = Object.entries(inputs).map(([name, input]) => ({ name, input, paths: generatePaths(authMachine, { input, events, context }) }));
const allPaths: ModelPath[] = pathsByInput.flatMap((group) => group.paths);

interface Spies {
  persisted: SessionUser[];
  cleared: number;
}

/** The spec's auth rules, asserted after every step of every path. */
function authRules(spies: Spies, input: { storedUser: SessionUser | null }) {
  let before = { persisted: 0, cleared: 0 };
  return ({ snapshot, previous, event, index }: StepCheck) => {
    const ctx = snapshot.context as AuthContext;
    const persistedNow = spies.persisted.length - before.persisted;
    const clearedNow = spies.cleared - before.cleared;
    before = { persisted: spies.persisted.length, cleared: spies.cleared };

    // Signed in ⇔ a session exists; signed out ⇔ none (no flag shadows the state).
    if (snapshot.matches('loggedIn') || snapshot.matches('validating')) expect(ctx.user).not.toBeNull();
    if (snapshot.matches('loggedOut')) expect(ctx.user).toBeNull();

    if (index === 0) {
      // Restores the session on reload: a stored user is validated before it is trusted.
      expect(snapshot.matches(input.storedUser ? 'validating' : { loggedOut: 'idle' })).toBe(true);
      expect(ctx.user).toEqual(input.storedUser);
    }
    // Login pending clears the error.
    if (snapshot.matches({ loggedOut: 'pending' })) {
      expect(ctx.loginError).toBeNull();
      expect(snapshot.hasTag('loading')).toBe(true);
    }
    if (event.type === 'xstate.error.actor.login') {
      const error = (event as EventObject & { error: typeof badCredentials }).error;
      expect(ctx.loginError).toBe(error.kind === 'FETCH_ERROR' ? 'errors.network' : 'Incorrect email or password');
      expect(snapshot.matches({ loggedOut: 'idle' })).toBe(true);
    }
    // Fulfilled: logged in, the user stored with its access_token and persisted under `user`.
    if (event.type === 'xstate.done.actor.login') {
      expect(snapshot.matches({ loggedIn: 'ready' })).toBe(true);
      expect(ctx.user).toEqual({ ...user, access_token: 'fresh-token' });
      expect(spies.persisted.at(-1)).toEqual(sessionOf(token));
      expect(persistedNow).toBe(1);
    } else {
      expect(persistedNow).toBe(0);
    }

    const was = previous?.context as AuthContext | undefined;
    const sessionEnded = !!was?.user && !ctx.user;
    const refused = event.type === 'auth.unauthorized' || (event as { error?: { status?: number } }).error?.status === 401;
    if (sessionEnded) {
      // Logout and every 401 clear the session and the stored user.
      expect(clearedNow).toBe(1);
      expect(ctx.currentUser).toBeNull();
      expect(ctx.flashMessage).toBe(refused ? 'session_expired' : 'logged_out');
      expect(event.type === 'auth.logout' || refused).toBe(true);
    } else {
      expect(clearedNow).toBe(0);
    }
    // Any 401 from any call logs out and leaves a flash message.
    if (refused && was?.user) expect(snapshot.matches({ loggedOut: 'idle' })).toBe(true);
    // A dropped connection keeps the session.
    if (event.type === 'xstate.error.actor.fetchCurrentUser' && !refused) {
      expect(snapshot.matches({ loggedIn: 'ready' })).toBe(true);
      expect(ctx.user).toEqual(was?.user);
    }
    if (event.type === 'xstate.done.actor.fetchCurrentUser') expect(ctx.currentUser).toEqual(renamed);
    if (event.type === 'auth.clearFlash') expect(ctx.flashMessage).toBeNull();
    if (event.type === 'auth.clearError') expect(ctx.loginError).toBeNull();
  };
}

describe('authMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(pathsByInput.map((group) => [group.name, group.paths.length])).toEqual([
      ['fresh start', 11],
      ['reload with a stored session', 14],
    ]);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(authMachine, allPaths)).toEqual(NO_GAPS);
    expect(pathsCoverage(allPaths).stateNodes).toContain('auth.restoring');
  });

  for (const { name, input, paths } of pathsByInput) {
    describe(name, () => {
      for (const path of paths) {
        it(path.description, async () => {
          const fakes = createFakeActors();
          const clock = new SimulatedClock();
          const spies: Spies = { persisted: [], cleared: 0 };
          const machine = authMachine.provide({
            actors: { login: fakes.promise(), fetchCurrentUser: fakes.promise() },
            actions: {
              persistUser: (_, session) => void spies.persisted.push(session),
              clearStoredUser: () => void spies.cleared++,
            },
          });
          const actor = createActor(machine, { input, clock });
          await replayPath(path, { actor, clock, fakes, context, check: authRules(spies, input) });
          // Every current-user fetch carried the session's own token; every login the form's fields.
          for (const call of fakes.calls('fetchCurrentUser') as { token: string }[]) expect(['stored-token', 'fresh-token']).toContain(call.token);
          for (const call of fakes.calls('login')) expect(call).toEqual({ email: 'admin@example.com', password: 'changethis' });
        });
      }
    });
  }
});
