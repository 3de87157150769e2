import type { TFunction } from 'i18next';
import { ApiError } from '../services/apiErrors';

/** The one place an error becomes a sentence for a person, in the active language. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.kind === 'FETCH_ERROR') return t('errors.network');
    if (error.kind === 'TIMEOUT_ERROR') return t('errors.timeout');
    if (error.kind === 'PARSING_ERROR') return t('errors.parsing');
    return error.message ? translateMessage(error.message, t) : t('errors.generic');
  }
  // A query's normalised error: `{ code }` for transport failures, `{ status, data }` for answers.
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: string }).code;
    if (code === 'FETCH_ERROR') return t('errors.network');
    if (code === 'TIMEOUT_ERROR') return t('errors.timeout');
    if (code === 'PARSING_ERROR') return t('errors.parsing');
  }
  if (error && typeof error === 'object' && 'status' in error && 'data' in error) {
    const detail = (error as { data: { detail?: unknown } | null }).data?.detail;
    return typeof detail === 'string' ? translateMessage(detail, t) : t('errors.generic');
  }
  if (typeof error === 'string') return error;
  if (error instanceof Error && error.message) return error.message;
  return t('errors.generic');
}

/** Server sentences the app knows, shown in the active language instead of the server's English. */
const KNOWN_SERVER_MESSAGES: Record<string, string> = {
  'Incorrect email or password': 'errors.badCredentials',
  'Open registration is closed on this server': 'auth.registrationClosed',
};

/**
 * A stored message may be a translation key (`errors.network`, `flash.session_expired`) or a
 * server sentence; either way the person reads it in their language when we know it.
 */
export function translateMessage(message: string, t: TFunction): string {
  const key = KNOWN_SERVER_MESSAGES[message] ?? message;
  return /^[a-z_]+\.[a-z_]+$/i.test(key) ? t(key) : key;
}
