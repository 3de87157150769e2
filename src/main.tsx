import '@fontsource-variable/vazirmatn';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createAppSystem } from './actors/appSystem';
import { AppSystemContext } from './actors/hooks';
import { initI18n } from './i18n';
import { createApiClient } from './services/apiClient';
import { App } from './views/App';

// The token the API client attaches is always the auth actor's current one.
// eslint-disable-next-line prefer-const -- assigned once below; the callbacks above read it later
let system: ReturnType<typeof createAppSystem>;
const api = createApiClient({
  getToken: () => system?.auth.getSnapshot().context.user?.access_token,
  onUnauthorized: () => system?.auth.send({ type: 'auth.unauthorized' }),
});
system = createAppSystem({ api });
system.start();

const i18n = initI18n(system.shell.getSnapshot().context.language);
window.addEventListener('focus', () => system.queries.send({ type: 'query.windowFocused' }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppSystemContext.Provider value={system}>
      <I18nextProvider i18n={i18n}>
        <App />
      </I18nextProvider>
    </AppSystemContext.Provider>
  </StrictMode>,
);
