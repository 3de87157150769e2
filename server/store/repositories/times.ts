/** Epoch milliseconds (how rows keep time) to the ISO-8601 strings the contract speaks. */
export const toIso = (ms: number): string => new Date(ms).toISOString();
export const toBool = (value: number): boolean => value !== 0;
export const fromBool = (value: boolean): number => (value ? 1 : 0);
