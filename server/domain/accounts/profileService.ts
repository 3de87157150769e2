import type { Kysely } from 'kysely';
import type { Profile, ProfileUpdate } from '../../../contract/accounts/schemas';
import type { Database, ProfileRow } from '../../store/schema';
import { profilesRepository } from '../../store/repositories/profiles';
import { toIso } from '../../store/repositories/times';
import { ValidationError } from '../errors';

/** What a profile holds until the user first saves one: Persian, light, Tehran time. */
export const DEFAULT_PROFILE = {
  display_name: null,
  language: 'fa-IR',
  theme: 'light',
  timezone: 'Asia/Tehran',
  default_market: null,
  default_portfolio_id: null,
} as const;

function toProfile(row: ProfileRow): Profile {
  return {
    user_id: row.user_id,
    display_name: row.display_name,
    language: row.language as Profile['language'],
    theme: row.theme as Profile['theme'],
    timezone: row.timezone,
    default_market: row.default_market,
    default_portfolio_id: row.default_portfolio_id,
    updated_at: toIso(row.updated_at),
  };
}

export function createProfileService(deps: {
  db: Kysely<Database>;
  /** Markets a default may name; the market registry provides this once it exists. */
  knownMarkets: () => Promise<string[]> | string[];
}) {
  const { db } = deps;

  async function currentRow(userId: number): Promise<ProfileRow> {
    return (await profilesRepository.find(db, userId)) ?? { user_id: userId, ...DEFAULT_PROFILE, updated_at: 0 };
  }

  async function get(userId: number): Promise<Profile> {
    const row = await currentRow(userId);
    return toProfile(row.updated_at === 0 ? { ...row, updated_at: Date.now() } : row);
  }

  async function update(userId: number, patch: ProfileUpdate): Promise<Profile> {
    if (patch.default_market) {
      const markets = await deps.knownMarkets();
      if (!markets.includes(patch.default_market)) {
        throw ValidationError.field(['body', 'default_market'], `unknown market "${patch.default_market}"`);
      }
    }
    const current = await currentRow(userId);
    const next: ProfileRow = { ...current, updated_at: Date.now() };
    for (const key of Object.keys(patch) as (keyof ProfileUpdate)[]) {
      const value = patch[key];
      if (value !== undefined) (next as Record<string, unknown>)[key] = value;
    }
    await profilesRepository.save(db, next);
    return toProfile(next);
  }

  return { get, update };
}

export type ProfileService = ReturnType<typeof createProfileService>;
