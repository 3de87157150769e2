import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { fromCallback } from 'xstate';
import type { TransportEvent, TransportInput } from '../../../src/machines/socketMachine';
import type { EndpointDef } from '../../../contract/endpoint';
import { createAppSystem, type AppSystem } from '../../../src/actors/appSystem';
import { AppSystemContext } from '../../../src/actors/hooks';
import { initI18n, type AppLanguage } from '../../../src/i18n';
import type { ApiClient, CallInput } from '../../../src/services/apiClient';

/** Answers per endpoint id; a missing one fails the test loudly. */
export type FakeRoutes = Record<string, (input: CallInput) => unknown | Promise<unknown>>;

export function fakeApi(routes: FakeRoutes): ApiClient & { calls: { id: string; input: CallInput }[] } {
  const calls: { id: string; input: CallInput }[] = [];
  return {
    calls,
    call: (async (endpoint: EndpointDef, input: CallInput = {}) => {
      calls.push({ id: endpoint.id, input });
      const route = routes[endpoint.id];
      if (!route) throw new Error(`fake API: no answer for ${endpoint.id}`);
      return route(input);
    }) as ApiClient['call'],
  };
}

const started: AppSystem[] = [];

export function stopSystems() {
  for (const system of started.splice(0)) system.stop();
}

/** The real app system on fake services, rendered with i18n and a router at `path`. */
export function renderWithSystem(ui: ReactNode, options: { routes: FakeRoutes; path?: string; language?: AppLanguage }) {
  const api = fakeApi(options.routes);
  // A websocket that never opens: these tests are about screens, not live data.
  const silentTransport = fromCallback<TransportEvent, TransportInput>(() => () => undefined);
  const system: AppSystem = createAppSystem({ api, origin: 'http://localhost', transport: silentTransport });
  system.start();
  started.push(system);
  const i18n = initI18n(options.language ?? 'fa-IR');
  const view = render(
    <AppSystemContext.Provider value={system}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
      </I18nextProvider>
    </AppSystemContext.Provider>,
  );
  return { ...view, system, api };
}
