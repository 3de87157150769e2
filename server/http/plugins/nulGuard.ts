import type { FastifyInstance } from 'fastify';
import type { FieldError } from '../../../contract/errors';
import { ValidationError } from '../../domain/errors';

const PARTS = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

function findNul(value: unknown, path: (string | number)[], found: (string | number)[][]) {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findNul(item, [...path, index], found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push([...path, key]);
      findNul(item, [...path, key], found);
    }
  }
}

/**
 * PostgreSQL cannot store U+0000 in text (SQLite can), so a NUL anywhere in a request would turn
 * into a database error. Refuse it up front, on every route and both databases alike, naming the
 * field.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const errors: FieldError[] = [];
    for (const [part, prefix] of PARTS) {
      const found: (string | number)[][] = [];
      findNul(request[part], [], found);
      for (const path of found) {
        errors.push({ loc: [prefix, ...path], msg: 'must not contain the NUL character (U+0000)', type: 'string_nul' });
      }
    }
    if (errors.length > 0) throw new ValidationError(errors);
  });
}
