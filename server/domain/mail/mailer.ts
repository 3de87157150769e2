import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema';
import { mailOutboxRepository, setMailStatus } from '../../store/repositories/mailOutbox';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Every mail is first written to the outbox table. With SMTP_URL set it is then delivered in the
 * background and its row marked sent or failed; without, it stays in the outbox (and the log), so
 * password recovery works on the embedded default with no mail server at all.
 */
export function createMailer(options: { db: Kysely<Database>; smtpUrl?: string; from: string; log: FastifyBaseLogger }) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const deliveries = new Set<Promise<void>>();

  async function deliver(id: number, mail: OutgoingMail) {
    try {
      await transport!.sendMail({ from: options.from, ...mail });
      await setMailStatus(options.db, id, 'sent');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log.error({ to: mail.to, subject: mail.subject, err: message }, 'mail delivery failed');
      await setMailStatus(options.db, id, 'failed', message).catch(() => undefined);
    }
  }

  async function send(mail: OutgoingMail) {
    const row = await mailOutboxRepository.insert(options.db, {
      to_address: mail.to.toLowerCase(),
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      status: transport ? 'pending' : 'outbox',
      error: null,
      created_at: Date.now(),
    });
    if (!transport) {
      options.log.info({ mailId: row.id, to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox');
      return row;
    }
    const delivery = deliver(row.id, mail);
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
    return row;
  }

  /** Waits for background deliveries (shutdown, tests). */
  async function flush() {
    await Promise.allSettled([...deliveries]);
  }

  async function close() {
    await flush();
    transport?.close();
  }

  return { send, flush, close, usesSmtp: transport !== undefined };
}

export type Mailer = ReturnType<typeof createMailer>;
