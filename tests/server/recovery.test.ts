import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from './support/smtpPeer';
import { startTestServer, type TestServer } from './support/testServer';

const RECOVERY_SENT = 'If that email has an account, a password recovery link has been sent to it';

async function outbox(t: TestServer, to: string) {
  return t.server.store.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').execute();
}

const tokenIn = (text: string) => {
  const match = /reset-password\?token=([^\s"<]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]!);
};

describe('password recovery through the outbox (no SMTP_URL)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ PUBLIC_URL: 'https://bazaar.example' });
  });
  afterAll(async () => t?.close());

  it('mails a single-use link that sets a new password', async () => {
    await t.createUser('forgetful@bazaar.test', 'old-password-1');
    const res = await t.call('POST', '/api/user/auth/password-recovery/forgetful@bazaar.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: RECOVERY_SENT });

    const [mail] = await outbox(t, 'forgetful@bazaar.test');
    expect(mail).toBeDefined();
    expect(mail!.status).toBe('outbox');
    expect(mail!.text_body).toContain('https://bazaar.example/reset-password?token=');
    const token = tokenIn(mail!.text_body);

    const reset = await t.call('POST', '/api/user/auth/reset-password', { json: { token, new_password: 'new-password-1' } });
    expect(reset.status).toBe(200);
    expect(await t.login('forgetful@bazaar.test', 'new-password-1')).toBeTruthy();
    const old = await t.call('POST', '/api/user/auth/access-token', {
      form: { username: 'forgetful@bazaar.test', password: 'old-password-1' },
    });
    expect(old.status).toBe(400);

    const again = await t.call('POST', '/api/user/auth/reset-password', { json: { token, new_password: 'third-password-1' } });
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/Invalid or expired/);
    expect(await t.login('forgetful@bazaar.test', 'new-password-1')).toBeTruthy();
  });

  it('retires every other open link once one is used', async () => {
    await t.createUser('twice@bazaar.test', 'old-password-1');
    await t.call('POST', '/api/user/auth/password-recovery/twice@bazaar.test');
    await t.call('POST', '/api/user/auth/password-recovery/twice@bazaar.test');
    const [second, first] = await outbox(t, 'twice@bazaar.test');
    const used = await t.call('POST', '/api/user/auth/reset-password', {
      json: { token: tokenIn(second!.text_body), new_password: 'new-password-1' },
    });
    expect(used.status).toBe(200);
    const stale = await t.call('POST', '/api/user/auth/reset-password', {
      json: { token: tokenIn(first!.text_body), new_password: 'other-password-1' },
    });
    expect(stale.status).toBe(400);
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const before = await t.server.store.db.selectFrom('mail_outbox').select('id').execute();
    const res = await t.call('POST', '/api/user/auth/password-recovery/ghost@bazaar.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: RECOVERY_SENT });
    const after = await t.server.store.db.selectFrom('mail_outbox').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('writes the mail in the user’s language: Persian by default, English when chosen', async () => {
    const fa = await t.createUser('farsi@bazaar.test');
    const en = await t.createUser('english@bazaar.test');
    await t.call('POST', '/api/user/profile/', { token: en.token, json: { language: 'en-US' } });
    expect(fa.id).toBeGreaterThan(0);
    await t.call('POST', '/api/user/auth/password-recovery/farsi@bazaar.test');
    await t.call('POST', '/api/user/auth/password-recovery/english@bazaar.test');
    const [faMail] = await outbox(t, 'farsi@bazaar.test');
    const [enMail] = await outbox(t, 'english@bazaar.test');
    expect(faMail!.subject).toContain('بازیابی گذرواژه');
    expect(faMail!.html_body).toContain('dir="rtl"');
    expect(enMail!.subject).toContain('Password recovery');
    expect(enMail!.html_body).toContain('dir="ltr"');
  });

  it('refuses expired, forged and access tokens, changing nothing', async () => {
    const { id } = await t.createUser('guarded@bazaar.test', 'guarded-password');
    const key = new TextEncoder().encode(t.config.secretKey);
    const sign = (claims: Record<string, unknown>, expSeconds: number, signingKey = key) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(id))
        .setJti(crypto.randomUUID())
        .setExpirationTime(expSeconds)
        .sign(signingKey);
    const now = Math.floor(Date.now() / 1000);
    const cases = {
      expired: await sign({ purpose: 'reset' }, now - 60),
      forged: await sign({ purpose: 'reset' }, now + 600, new TextEncoder().encode('x'.repeat(48))),
      neverIssued: await sign({ purpose: 'reset' }, now + 600),
      accessToken: await t.login('guarded@bazaar.test', 'guarded-password'),
      junk: 'not-a-token',
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await t.call('POST', '/api/user/auth/reset-password', { json: { token, new_password: 'hijacked-password' } });
      expect(res.status, name).toBe(400);
    }
    expect(await t.login('guarded@bazaar.test', 'guarded-password')).toBeTruthy();
  });

  it('asks for a new password of at least 8 characters (422)', async () => {
    const res = await t.call('POST', '/api/user/auth/reset-password', { json: { token: 'whatever', new_password: 'short' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'new_password']);
  });
});

describe('password recovery through a real SMTP server', () => {
  it('delivers the mail and marks it sent; a dead server marks it failed without failing the call', async () => {
    const peer = await startSmtpPeer();
    const t = await startTestServer({ SMTP_URL: peer.url, SMTP_FROM: 'Bazaar <no-reply@bazaar.test>' });
    try {
      await t.createUser('mailed@bazaar.test');
      const res = await t.call('POST', '/api/user/auth/password-recovery/mailed@bazaar.test');
      expect(res.status).toBe(200);
      await t.server.app.ctx.mailer.flush();
      expect(peer.mails).toHaveLength(1);
      expect(peer.mails[0]!.to).toEqual(['mailed@bazaar.test']);
      expect(peer.mails[0]!.from).toBe('no-reply@bazaar.test');
      expect(peer.mails[0]!.raw).toContain('reset-password?token=');
      const [row] = await outbox(t, 'mailed@bazaar.test');
      expect(row!.status).toBe('sent');
    } finally {
      await t.close();
      await peer.close();
    }

    const dead = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      await dead.createUser('unlucky@bazaar.test');
      const res = await dead.call('POST', '/api/user/auth/password-recovery/unlucky@bazaar.test');
      expect(res.status).toBe(200);
      await dead.server.app.ctx.mailer.flush();
      const [row] = await outbox(dead, 'unlucky@bazaar.test');
      expect(row!.status).toBe('failed');
      expect(row!.error).toBeTruthy();
    } finally {
      await dead.close();
    }
  });
});
