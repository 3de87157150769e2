/**
 * What `zod` means in the browser build (vite.config.ts aliases it here). zod probes and uses
 * `new Function` to compile object parsers when a schema is created; the content security
 * policy forbids eval, and even the probe shows up as a violation. Switching JIT off must happen
 * before any schema exists, so it lives in the module every schema imports. The server keeps JIT.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
