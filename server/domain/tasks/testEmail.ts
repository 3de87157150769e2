import nodemailer from 'nodemailer';
import type { TestEmailResult } from '../../../contract/system/utility';
import type { Mailer } from '../mail/mailer';
import { ConflictError } from '../errors';

const SUBJECT = 'Bazaar Signal test email';
const TEXT = 'This is a test email from Bazaar Signal: the mail settings work.';

/**
 * `test-email`: sends at once through the configured transport so a broken one shows up in the
 * answer. With SMTP_URL the mail goes straight to the server (a failure is a 409 naming the
 * server's error: our error set has no 502); without, it is kept in the outbox like every mail.
 */
export async function sendTestEmail(deps: { mailer: Mailer; smtpUrl: string | undefined; from: string }, to: string): Promise<TestEmailResult> {
  if (!deps.smtpUrl) {
    const row = await deps.mailer.send({ to, subject: SUBJECT, text: TEXT });
    return { msg: `Test email kept in the outbox for ${to} (no SMTP_URL configured)`, transport: 'outbox', message_id: `outbox:${row.id}` };
  }
  const transport = nodemailer.createTransport(deps.smtpUrl);
  try {
    const info = (await transport.sendMail({ from: deps.from, to, subject: SUBJECT, text: TEXT })) as { messageId?: string };
    return { msg: `Test email sent to ${to}`, transport: 'smtp', message_id: info.messageId ?? null };
  } catch (error) {
    throw new ConflictError(`The SMTP server refused the test email: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    transport.close();
  }
}
