import ky, { type Options } from 'ky';
import type { EndpointDef, ResponseOf } from '../../contract/endpoint';
import { ApiError, toApiError } from './apiErrors';

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** A token for this call only (checking a stored session before it is adopted). */
  token?: string;
}

/** `/api/quote/{id}` with `{ id: 3 }` → `/api/quote/3`. */
export function fillPath(path: string, params: CallInput['params'] = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function searchParamsOf(query: CallInput['query'] = {}): Record<string, string> {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined && v !== null);
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}

/**
 * Calls one endpoint of the contract: fills its path, sends the body as JSON (or as a form for
 * the password login), attaches the bearer token, and validates the answer with the endpoint's
 * response schema, so a view never sees a shape the contract does not promise.
 */
export function createApiClient(
  options: {
    baseUrl?: string;
    getToken?: () => string | undefined;
    /** Told of every 401, whichever call got it: the app logs out (the spec's rule). */
    onUnauthorized?: () => void;
    timeoutMs?: number;
  } = {},
) {
  const http = ky.create({
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    retry: 0,
    timeout: options.timeoutMs ?? 30_000,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = options.getToken?.();
          if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  async function call<E extends EndpointDef>(endpoint: E, input: CallInput = {}): Promise<ResponseOf<E>> {
    const request: Options = { method: endpoint.method, searchParams: searchParamsOf(input.query) };
    if (input.token) request.headers = { authorization: `Bearer ${input.token}` };
    if (input.body !== undefined) {
      if (endpoint.bodyType === 'form') request.body = new URLSearchParams(input.body as Record<string, string>);
      else request.json = input.body;
    }
    let data: unknown;
    try {
      data = await http(fillPath(endpoint.path, input.params), request).json();
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 401) options.onUnauthorized?.();
      throw apiError;
    }
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) {
      throw new ApiError('PARSING_ERROR', 200, data, `Unexpected answer from ${endpoint.id}: ${parsed.error.message}`);
    }
    return parsed.data as ResponseOf<E>;
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createApiClient>;
