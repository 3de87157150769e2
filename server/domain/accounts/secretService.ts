import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountSecret } from '../../../contract/accounts/schemas';
import type { Database } from '../../store/schema';
import { accountSecretsRepository } from '../../store/repositories/accountSecrets';
import { toIso } from '../../store/repositories/times';

/** Personal API keys start with a recognisable prefix so a leaked one is easy to spot in logs. */
export const API_KEY_PREFIX = 'bsk_';

export function createSecretService(deps: { db: Kysely<Database> }) {
  async function getOrCreate(userId: number): Promise<AccountSecret> {
    let row = await accountSecretsRepository.find(deps.db, userId);
    if (!row) {
      await accountSecretsRepository.insertIfMissing(deps.db, {
        user_id: userId,
        api_key: API_KEY_PREFIX + randomBytes(32).toString('base64url'),
        created_at: Date.now(),
      });
      row = await accountSecretsRepository.find(deps.db, userId);
    }
    return { api_key: row!.api_key, created_at: toIso(row!.created_at) };
  }

  /** The user an API key belongs to, for the `X-API-Key` header. */
  async function userIdForKey(apiKey: string): Promise<number | undefined> {
    if (!apiKey.startsWith(API_KEY_PREFIX)) return undefined;
    return (await accountSecretsRepository.findByKey(deps.db, apiKey))?.user_id;
  }

  return { getOrCreate, userIdForKey };
}

export type SecretService = ReturnType<typeof createSecretService>;
