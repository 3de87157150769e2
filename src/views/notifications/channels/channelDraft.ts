import { ChannelCreate, type ChannelType } from '../../../../contract/notifications/channels';
import { issuesByPath, type FieldErrors } from '../../signals/fieldErrors';

/** What the add-channel form holds: every type's fields, of which the chosen type's are sent. */
export interface ChannelDraft {
  type: ChannelType;
  name: string;
  address: string;
  url: string;
  bot_token: string;
  chat_id: string;
  api_base_url: string;
  min_priority: number;
  categories: string[];
}

export const emptyDraft = (type: ChannelType = 'email'): ChannelDraft => ({
  type, name: '', address: '', url: '', bot_token: '', chat_id: '', api_base_url: '', min_priority: 10, categories: [],
});

/** The create body for a draft: only the chosen type's config, empty optional fields left out. */
export function draftToBody(d: ChannelDraft): Record<string, unknown> {
  const config =
    d.type === 'email'
      ? { address: d.address.trim() }
      : d.type === 'webhook'
        ? { url: d.url.trim() }
        : { bot_token: d.bot_token.trim(), chat_id: d.chat_id.trim(), ...(d.api_base_url.trim() ? { api_base_url: d.api_base_url.trim() } : {}) };
  return { type: d.type, ...(d.name.trim() ? { name: d.name.trim() } : {}), config, min_priority: d.min_priority, categories: d.categories };
}

/** The contract's own check, so the form says what the server would say before it is asked. */
export function checkDraft(d: ChannelDraft): FieldErrors {
  const parsed = ChannelCreate.safeParse(draftToBody(d));
  return parsed.success ? {} : issuesByPath(parsed.error.issues);
}
