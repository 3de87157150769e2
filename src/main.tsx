import '@fontsource-variable/vazirmatn';
import './styles.css';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { DEFAULT_LANGUAGE, directionOf, initI18n, type AppLanguage } from './i18n';
import { FoundationPage } from './views/FoundationPage';

const i18n = initI18n();

function Root() {
  const [language, setLanguage] = useState<AppLanguage>(DEFAULT_LANGUAGE);
  const toggle = () => {
    const next: AppLanguage = language === 'fa-IR' ? 'en-US' : 'fa-IR';
    void i18n.changeLanguage(next);
    document.documentElement.lang = next.split('-')[0]!;
    document.documentElement.dir = directionOf(next);
    document.title = i18n.t('app.name');
    setLanguage(next);
  };
  return (
    <I18nextProvider i18n={i18n}>
      <FoundationPage onToggleLanguage={toggle} />
    </I18nextProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
