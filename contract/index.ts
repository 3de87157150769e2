/**
 * The contract: zod schemas of every entity, request, response and live message, and the route
 * table. The server and the app both import from here; no shape is written twice.
 */
export * from './endpoint';
export * from './common';
export * from './codes';
export * from './errors';
export * from './routes';
