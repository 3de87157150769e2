/** Persian strings of the admin tasks and services panels, loaded with them (see addLazyBundle); strings.en.ts has the same keys. */
export const adminOpsFa = {
  adminOps: {},
};
