import { readFileSync } from 'node:fs';

/** The version in package.json, shown in /config/ and the OpenAPI document. */
export const APP_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;
