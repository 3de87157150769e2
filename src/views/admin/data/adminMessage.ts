import type { TFunction } from 'i18next';
import { errorMessage } from '../../errorMessage';

/**
 * Server sentences these screens expect (the 409s), keyed to their translations; anything else
 * goes through the app's one error translator.
 */
const KNOWN: Record<string, string> = {
  'A user with this email already exists': 'adminData.errors.emailTaken',
  'At least one active admin must remain': 'adminData.errors.lastAdmin',
};

export function adminMessage(error: unknown, t: TFunction): string {
  const text = errorMessage(error, t);
  const key = KNOWN[text];
  return key ? t(key) : text;
}
