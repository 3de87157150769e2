import { z } from 'zod';

/**
 * One row of the route table. The server registers a handler against it and the app builds a
 * typed caller from it, so a shape is written once, here.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: nobody signed in, any signed-in user, an admin, or a shared secret (`auth_code`). */
export type Access = 'public' | 'user' | 'admin' | 'code';

export type Area =
  | 'auth'
  | 'accounts'
  | 'profile'
  | 'notifications'
  | 'config'
  | 'tasks'
  | 'services'
  | 'utility'
  | 'market'
  | 'relations'
  | 'portfolio'
  | 'portfolio-manager'
  | 'strategy'
  | 'quotes'
  | 'ingest'
  | 'chart'
  | 'audit'
  | 'websocket';

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export interface EndpointDef {
  /** Stable name, `area.action`; used for the OpenAPI operationId and the app's callers. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Full path with `{name}` placeholders, exactly as in endpoints.tsv. */
  readonly path: string;
  readonly access: Access;
  readonly area: Area;
  readonly summary: string;
  readonly params?: ObjectSchema;
  readonly query?: ObjectSchema;
  readonly body?: z.ZodType;
  /** `form` for the OAuth2-style password login; everything else is JSON. */
  readonly bodyType?: 'json' | 'form';
  /** The success response (status 200). */
  readonly response: z.ZodType;
}

export interface SocketDef {
  readonly id: string;
  readonly method: 'WS';
  readonly path: string;
  readonly access: Access;
  readonly area: 'websocket';
  readonly summary: string;
  readonly params?: ObjectSchema;
  readonly query: ObjectSchema;
  /** Messages the server sends. */
  readonly serverMessage: z.ZodType;
  /** Messages the client may send. */
  readonly clientMessage: z.ZodType;
}

export const defineEndpoint = <const E extends EndpointDef>(endpoint: E): E => endpoint;
export const defineSocket = <const S extends SocketDef>(socket: S): S => socket;

export type ParamsOf<E extends EndpointDef> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
export type QueryOf<E extends EndpointDef> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;

/** One endpoint of a list by its id, keeping its exact type: `pick(authEndpoints, 'auth.login')`. */
export function pick<L extends readonly EndpointDef[], I extends L[number]['id']>(
  list: L,
  id: I,
): Extract<L[number], { id: I }> {
  const found = list.find((endpoint) => endpoint.id === id);
  if (!found) throw new Error(`No endpoint ${id} in this list`);
  return found as Extract<L[number], { id: I }>;
}
