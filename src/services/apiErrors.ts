import { HTTPError, NetworkError, TimeoutError } from 'ky';

/**
 * Every failed call becomes one of the spec's four kinds: the server answered with an error
 * status (with its `{detail}` body), the network failed, the call timed out, or the answer did
 * not have the contract's shape.
 */
export type ApiErrorKind = 'HTTP_ERROR' | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number | undefined,
    readonly data: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The `detail` sentence of an error body, or the first field error's message. */
export function detailOf(data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || !('detail' in data)) return undefined;
  const detail = (data as { detail: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail) && detail[0] && typeof detail[0] === 'object' && 'msg' in detail[0]) {
    return String((detail[0] as { msg: unknown }).msg);
  }
  return undefined;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const status = error.response.status;
    return new ApiError('HTTP_ERROR', status, error.data, detailOf(error.data) ?? error.response.statusText);
  }
  if (error instanceof TimeoutError) return new ApiError('TIMEOUT_ERROR', undefined, undefined, 'The request timed out');
  if (error instanceof NetworkError || error instanceof TypeError) {
    return new ApiError('FETCH_ERROR', undefined, undefined, error.message);
  }
  return new ApiError('PARSING_ERROR', undefined, undefined, error instanceof Error ? error.message : String(error));
}
