import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { UnauthorizedError } from '../errors';

type Purpose = 'access' | 'reset';

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: number;
}

export interface TokenClaims {
  userId: number;
  jti: string;
}

/** Signs and checks HS256 JWTs. `purpose` keeps a reset token from ever working as an access token. */
export function createTokenService(secretKey: string) {
  const key = new TextEncoder().encode(secretKey);

  async function issue(purpose: Purpose, userId: number, minutes: number, now = Date.now()): Promise<IssuedToken> {
    const jti = randomUUID();
    const expiresAt = now + minutes * 60_000;
    const token = await new SignJWT({ purpose })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(key);
    return { token, jti, expiresAt };
  }

  /** Throws UnauthorizedError for anything but a valid, unexpired token of this purpose. */
  async function verify(purpose: Purpose, token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (payload.purpose !== purpose || !Number.isInteger(userId) || userId <= 0 || !payload.jti) {
        throw new UnauthorizedError();
      }
      return { userId, jti: payload.jti };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new UnauthorizedError('Token has expired');
      throw new UnauthorizedError();
    }
  }

  return {
    issueAccess: (userId: number, minutes: number, now?: number) => issue('access', userId, minutes, now),
    verifyAccess: (token: string) => verify('access', token),
    issueReset: (userId: number, minutes: number, now?: number) => issue('reset', userId, minutes, now),
    verifyReset: (token: string) => verify('reset', token),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
