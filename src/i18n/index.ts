import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { fa } from './locales/fa';

import { LANGUAGES, type Language } from '../../contract/constants';

export { LANGUAGES };
export type AppLanguage = Language;
export const DEFAULT_LANGUAGE: AppLanguage = 'fa-IR';

/** The spec's rule: right-to-left only for Persian. */
export const directionOf = (language: string): 'rtl' | 'ltr' => (language.split('-')[0] === 'fa' ? 'rtl' : 'ltr');

export const resources = {
  'fa-IR': { translation: fa },
  'en-US': { translation: en },
} as const;

/** Sets up i18next once; returns the instance so tests can create their own. */
export function initI18n(language: AppLanguage = DEFAULT_LANGUAGE) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
