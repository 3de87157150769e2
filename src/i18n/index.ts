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

type Bundle = { readonly [key: string]: string | Bundle };
const loadedBundles = new WeakMap<object, Set<string>>();

/**
 * Adds a screen's strings to an i18next instance from the screen's own lazy chunk, so they do not
 * load with the sign-in page. Idempotent per instance and namespace key; merges deeply into the
 * `translation` namespace, so `t('portfolios.x')` reads them like any other key.
 */
export function addLazyBundle(instance: { addResourceBundle: (lng: string, ns: string, resources: object, deep?: boolean, overwrite?: boolean) => unknown }, name: string, bundles: Record<AppLanguage, Bundle>) {
  let names = loadedBundles.get(instance);
  if (!names) {
    names = new Set();
    loadedBundles.set(instance, names);
  }
  if (names.has(name)) return;
  names.add(name);
  for (const [language, resources] of Object.entries(bundles)) instance.addResourceBundle(language, 'translation', resources, true, false);
}
