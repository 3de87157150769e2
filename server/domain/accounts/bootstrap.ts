import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema';
import { usersRepository } from '../../store/repositories/users';
import { hashPassword, randomPassword } from './passwords';

export interface BootstrapResult {
  email: string;
  /** Set only when the password was generated here: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * Makes sure someone can sign in as admin. FIRST_SUPERUSER names that account (created once,
 * never overwritten); with no setting and no users at all, admin@example.com gets a random
 * password that the caller prints once.
 */
export async function ensureFirstSuperuser(
  db: Kysely<Database>,
  settings: { email?: string; password?: string },
): Promise<BootstrapResult | undefined> {
  let email = settings.email;
  if (!email) {
    if ((await usersRepository.count(db)) > 0) return undefined;
    email = 'admin@example.com';
  }
  if (await usersRepository.findByEmail(db, email)) return undefined;
  const generatedPassword = settings.password ? undefined : randomPassword();
  const now = Date.now();
  await usersRepository.insert(db, {
    email,
    hashed_password: await hashPassword(settings.password ?? generatedPassword!),
    full_name: 'Administrator',
    is_active: 1,
    is_superuser: 1,
    created_at: now,
    updated_at: now,
  });
  return { email, generatedPassword };
}
