import type { fa } from './fa';

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** English strings, shaped exactly like the Persian ones. */
export const en: Strings<typeof fa> = {
  app: {
    name: 'Bazaar Signal',
    tagline: 'Watch markets and portfolios, and follow trading signals',
  },
  foundation: {
    status: 'The server and the API are ready; the app’s screens will arrive here soon.',
    apiDocs: 'API documentation',
    switchLanguage: 'فارسی',
  },
};
