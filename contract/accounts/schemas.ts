import { z } from 'zod';
import { Email, Id, IsoDateTime, Language, Name, Password, SkipLimitQuery, Theme, TimeZone } from '../common';
import { MarketName } from '../codes';

export const User = z.object({
  id: Id,
  email: Email,
  full_name: z.string().nullable(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type User = z.infer<typeof User>;

/** The admin's user list: paged, optionally narrowed by `q`; `count` is the total matching `q`. */
export const UserListQuery = SkipLimitQuery.extend({
  /** Matched case-insensitively, as plain text (`%` and `_` are letters here), within the email and the full name. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type UserListQuery = z.input<typeof UserListQuery>;

export const UserList = z.object({ data: z.array(User), count: z.number().int().nonnegative() });
export type UserList = z.infer<typeof UserList>;

/** An admin creates an account; the new user gets no mail unless the admin asks for a reset. */
export const UserCreate = z.strictObject({
  email: Email,
  password: Password,
  full_name: Name.nullable().optional(),
  is_active: z.boolean().default(true),
  is_superuser: z.boolean().default(false),
});
export type UserCreate = z.input<typeof UserCreate>;

/** Self-service sign-up (`/user/account/open`), when the server allows it. */
export const UserOpen = z.strictObject({
  email: Email,
  password: Password,
  full_name: Name.nullable().optional(),
});
export type UserOpen = z.input<typeof UserOpen>;

/** Partial update. `is_active` and `is_superuser` are for admins; a user changing them gets 403. */
export const UserUpdate = z.strictObject({
  email: Email.optional(),
  password: Password.optional(),
  full_name: Name.nullable().optional(),
  is_active: z.boolean().optional(),
  is_superuser: z.boolean().optional(),
});
export type UserUpdate = z.input<typeof UserUpdate>;

/** The form body of the OAuth2 password flow; `username` is the email. */
export const LoginForm = z.strictObject({
  username: z.string().min(1).max(254),
  password: z.string().min(1).max(128),
  grant_type: z.literal('password').optional(),
  scope: z.string().max(200).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
});
export type LoginForm = z.input<typeof LoginForm>;

export const AccessToken = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** When the token stops working, epoch milliseconds. */
  expires_at: z.number().int(),
  user: User,
});
export type AccessToken = z.infer<typeof AccessToken>;

export const PasswordRecoveryParams = z.object({ email: z.string().min(1).max(254) });

export const ResetPassword = z.strictObject({
  token: z.string().min(1).max(2000),
  new_password: Password,
});
export type ResetPassword = z.input<typeof ResetPassword>;

/** The personal API key for integrations, created on first read. */
export const AccountSecret = z.object({ api_key: z.string(), created_at: IsoDateTime });
export type AccountSecret = z.infer<typeof AccountSecret>;

export const Profile = z.object({
  user_id: Id,
  display_name: z.string().nullable(),
  language: Language,
  theme: Theme,
  timezone: z.string(),
  default_market: MarketName.nullable(),
  default_portfolio_id: Id.nullable(),
  updated_at: IsoDateTime,
});
export type Profile = z.infer<typeof Profile>;

export const ProfileUpdate = z.strictObject({
  display_name: Name.nullable().optional(),
  language: Language.optional(),
  theme: Theme.optional(),
  timezone: TimeZone.optional(),
  default_market: MarketName.nullable().optional(),
  default_portfolio_id: Id.nullable().optional(),
});
export type ProfileUpdate = z.input<typeof ProfileUpdate>;
