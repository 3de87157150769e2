import { z } from 'zod';
import { Email } from '../common';

/** Query, as in the original API (`?email_to=`); the body stays empty. */
export const TestEmailQuery = z.object({ email_to: Email });
export type TestEmailQuery = z.input<typeof TestEmailQuery>;

/**
 * Sent synchronously so a broken transport shows up as an error at once. `outbox` is the default
 * transport (mails stored, not sent) when no SMTP_URL is configured.
 */
export const TestEmailResult = z.object({
  msg: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  message_id: z.string().nullable(),
});
export type TestEmailResult = z.infer<typeof TestEmailResult>;
