import { createHash, timingSafeEqual } from 'node:crypto';
import { UnauthorizedError } from '../../domain/errors';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The relay's shared secret. Compared in constant time (over digests, so lengths leak nothing
 * either). A server without IRPROXY_AUTH_CODE refuses every push: an unset secret must never
 * mean "anyone may write candles".
 */
export function checkAuthCode(expected: string | undefined, given: unknown): void {
  if (expected === undefined) throw new UnauthorizedError('Pushes are disabled: the server has no IRPROXY_AUTH_CODE');
  if (typeof given !== 'string' || given.length === 0) throw new UnauthorizedError('auth_code is required');
  if (!timingSafeEqual(digest(given), digest(expected))) throw new UnauthorizedError('Invalid auth_code');
}
