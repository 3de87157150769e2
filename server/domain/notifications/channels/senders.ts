import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Notification } from '../../../../contract/notifications/schemas';
import { DEFAULT_TELEGRAM_API_BASE_URL, WEBHOOK_SIGNATURE_HEADER, type WebhookPayload } from '../../../../contract/notifications/channels';
import type { StoredChannelConfig } from '../../../store/repositories/channels';
import type { Mailer } from '../../mail/mailer';

/** One attempt's answer: ok or not, with the peer's status code when it gave one. */
export interface SendResult {
  ok: boolean;
  status_code: number | null;
  error: string | null;
}

/** What goes out: a notification or a test message, plus the ids the webhook payload names. */
export interface Outgoing {
  channelId: number;
  deliveryId: number;
  attempt: number;
  notification: Notification | null;
}

const TEST_TITLE = 'Bazaar Signal: test message';
const TEST_BODY = 'This channel works: notifications that match its filters will arrive here.';

const titleOf = (o: Outgoing) => o.notification?.title ?? TEST_TITLE;
const textOf = (o: Outgoing) => {
  const n = o.notification;
  if (!n) return `${TEST_TITLE}\n\n${TEST_BODY}`;
  const where = [n.market, n.symbol].filter(Boolean).join(' ');
  return [n.title, n.body, where].filter((part) => part && part.trim() !== '').join('\n\n');
};

export const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const errorText = (error: unknown) => {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
};

/** The three channel kinds behind one `send`. */
export function createSenders(deps: { mailer: Mailer; smtpUrl: string | undefined; smtpFrom: string; timeoutMs: () => number }) {
  // Our own transport, not the mailer's: an attempt must know its SMTP outcome to be recorded and retried.
  let transport: nodemailer.Transporter | undefined;
  const smtp = () => (transport ??= nodemailer.createTransport(deps.smtpUrl!));

  async function email(config: Extract<StoredChannelConfig, { type: 'email' }>, o: Outgoing): Promise<SendResult> {
    const mail = { to: config.address, subject: titleOf(o), text: textOf(o) };
    if (!deps.smtpUrl) {
      // No mail server on the embedded default: the mail waits in the outbox like every other.
      await deps.mailer.send(mail);
      return { ok: true, status_code: null, error: null };
    }
    try {
      const info = (await smtp().sendMail({ from: deps.smtpFrom, ...mail })) as { response?: string };
      const code = Number.parseInt(info.response ?? '', 10);
      return { ok: true, status_code: Number.isFinite(code) ? code : null, error: null };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      return { ok: false, status_code: typeof code === 'number' ? code : null, error: errorText(error) };
    }
  }

  async function post(url: string, body: string, headers: Record<string, string>) {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'BazaarSignal-Notifier', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.timeoutMs()),
    });
  }

  async function webhook(config: Extract<StoredChannelConfig, { type: 'webhook' }>, o: Outgoing): Promise<SendResult> {
    const payload: WebhookPayload = {
      event: o.notification ? 'notification' : 'test',
      channel_id: o.channelId,
      delivery_id: o.deliveryId,
      attempt: o.attempt,
      notification: o.notification,
      sent_at: new Date().toISOString(),
    };
    const body = JSON.stringify(payload);
    try {
      const response = await post(config.url, body, { [WEBHOOK_SIGNATURE_HEADER]: signBody(config.secret, body) });
      await response.body?.cancel().catch(() => undefined);
      return response.ok
        ? { ok: true, status_code: response.status, error: null }
        : { ok: false, status_code: response.status, error: `the webhook answered HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, status_code: null, error: errorText(error) };
    }
  }

  async function telegram(config: Extract<StoredChannelConfig, { type: 'telegram' }>, o: Outgoing): Promise<SendResult> {
    const base = (config.api_base_url ?? DEFAULT_TELEGRAM_API_BASE_URL).replace(/\/+$/, '');
    // Plain text (no parse_mode): titles and bodies need no escaping and cannot break the markup.
    const body = JSON.stringify({ chat_id: config.chat_id, text: textOf(o).slice(0, 4096), disable_web_page_preview: true });
    try {
      const response = await post(`${base}/bot${config.bot_token}/sendMessage`, body, {});
      const answer = (await response.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
      if (response.ok && answer?.ok === true) return { ok: true, status_code: response.status, error: null };
      return { ok: false, status_code: response.status, error: answer?.description ?? `Telegram answered HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, status_code: null, error: errorText(error) };
    }
  }

  return {
    send(config: StoredChannelConfig, o: Outgoing): Promise<SendResult> {
      switch (config.type) {
        case 'email':
          return email(config, o);
        case 'webhook':
          return webhook(config, o);
        case 'telegram':
          return telegram(config, o);
      }
    },
    /** Closes the SMTP connection; the next email opens a new one (the notifier can start again). */
    close() {
      transport?.close();
      transport = undefined;
    },
  };
}

export type Senders = ReturnType<typeof createSenders>;
