import type { adminOpsFa } from './strings.fa';

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** English strings of the admin tasks and services panels; the same keys as strings.fa.ts. */
export const adminOpsEn: Strings<typeof adminOpsFa> = {
  adminOps: {},
};
