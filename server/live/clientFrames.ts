import type { RawData } from 'ws';
import type { z } from 'zod';

/**
 * A client's websocket frame as one of its contract's messages, or undefined for anything else
 * (binary, not JSON, wrong shape): sockets ignore junk rather than close on it.
 */
export function parseClientFrame<S extends z.ZodType>(schema: S, data: RawData, isBinary: boolean): z.output<S> | undefined {
  if (isBinary || !Buffer.isBuffer(data)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
