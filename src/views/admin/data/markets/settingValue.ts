/** A setting's value as the admin edits it: pretty JSON text. */
export const showSettingValue = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The JSON typed for a setting, or why it is not JSON; the server bounds it again (10,000
 * characters), so the limit here only saves a round trip.
 */
export function parseSettingValue(text: string): { ok: true; value: unknown } | { ok: false; reason: 'empty' | 'invalid' | 'tooLong' } {
  if (!text.trim()) return { ok: false, reason: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  return JSON.stringify(value).length > 10_000 ? { ok: false, reason: 'tooLong' } : { ok: true, value };
}

/** Setting names the server accepts (its `Slug`). */
export const SETTING_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
