import { z } from 'zod';
import { JsonValue } from '../common';

/**
 * Free-form JSON objects (task arguments and results, service data and command arguments,
 * notification `data`). Keys and total size are bounded so a client cannot store megabytes
 * through a field the server never looks inside.
 */
export const JsonKey = z.string().min(1).max(128);

export const jsonObject = (maxChars: number) =>
  z
    .record(JsonKey, JsonValue)
    .refine((value) => JSON.stringify(value).length <= maxChars, `must be at most ${maxChars} characters as JSON`);

/** A response's free-form object: no size check, the server wrote it. */
export const JsonObject = z.record(z.string(), JsonValue);
export type JsonObject = z.infer<typeof JsonObject>;

/**
 * A JSON object carried in one query-string value (GET calls have no body), e.g.
 * `args=%7B%22market%22%3A%22crypto%22%7D`. Bad JSON or a non-object is a 422 on that key.
 */
export const jsonObjectQueryParam = (maxChars: number) =>
  z
    .string()
    .max(maxChars)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON-encoded object, e.g. {"market":"crypto"}' });
        return z.NEVER;
      }
    })
    .pipe(z.record(JsonKey, JsonValue));
