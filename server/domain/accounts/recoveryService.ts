import type { Kysely } from 'kysely';
import type { Language } from '../../../contract/common';
import type { Database } from '../../store/schema';
import { usersRepository } from '../../store/repositories/users';
import { profilesRepository } from '../../store/repositories/profiles';
import { passwordResetTokensRepository } from '../../store/repositories/passwordResetTokens';
import { BadRequestError, UnauthorizedError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/passwordResetMail';
import { hashPassword } from './passwords';
import type { TokenService } from './tokens';
import { DEFAULT_PROFILE } from './profileService';

/** Said whether or not the address has an account, so the answer reveals nothing. */
export const RECOVERY_SENT = 'If that email has an account, a password recovery link has been sent to it';
export const INVALID_RESET_TOKEN = 'Invalid or expired password reset token';

export function createRecoveryService(deps: {
  db: Kysely<Database>;
  tokens: TokenService;
  mailer: Mailer;
  publicUrl: string;
  tokenMinutes: number;
}) {
  const { db } = deps;

  async function requestRecovery(email: string): Promise<string> {
    const user = await usersRepository.findByEmail(db, email.trim());
    if (!user || !user.is_active) return RECOVERY_SENT;
    const issued = await deps.tokens.issueReset(user.id, deps.tokenMinutes);
    await passwordResetTokensRepository.insert(db, {
      jti: issued.jti,
      user_id: user.id,
      expires_at: issued.expiresAt,
      used_at: null,
      created_at: Date.now(),
    });
    const profile = await profilesRepository.find(db, user.id);
    await deps.mailer.send(
      passwordResetMail({
        to: user.email,
        name: profile?.display_name ?? user.full_name ?? user.email,
        language: (profile?.language ?? DEFAULT_PROFILE.language) as Language,
        link: `${deps.publicUrl}/reset-password?token=${encodeURIComponent(issued.token)}`,
        minutes: deps.tokenMinutes,
      }),
    );
    return RECOVERY_SENT;
  }

  /** Signed, unexpired, unused: then the password changes and every open link for the user dies. */
  async function resetPassword(token: string, newPassword: string): Promise<void> {
    let claims;
    try {
      claims = await deps.tokens.verifyReset(token);
    } catch (error) {
      if (error instanceof UnauthorizedError) throw new BadRequestError(INVALID_RESET_TOKEN);
      throw error;
    }
    const hashed = await hashPassword(newPassword);
    await db.transaction().execute(async (trx) => {
      const now = Date.now();
      const consumed = await passwordResetTokensRepository.consume(trx, claims.jti, now);
      if (!consumed || consumed.userId !== claims.userId) throw new BadRequestError(INVALID_RESET_TOKEN);
      const user = await usersRepository.findById(trx, consumed.userId);
      if (!user || !user.is_active) throw new BadRequestError(INVALID_RESET_TOKEN);
      await usersRepository.update(trx, user.id, { hashed_password: hashed, updated_at: now });
      await passwordResetTokensRepository.retireAllForUser(trx, user.id, now);
    });
  }

  return { requestRecovery, resetPassword };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
