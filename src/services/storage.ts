/**
 * The browser's localStorage behind three keys the spec names: `user` (the session), `appState`
 * (the shell's remembered settings) and `ui.<id>` (UI items). Storage can be full, disabled or
 * hold junk from an older version: every read tolerates that and answers `null`.
 */
export const STORAGE_KEYS = { user: 'user', appState: 'appState', uiPrefix: 'ui.' } as const;

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readJson<T = unknown>(key: string): T | null {
  const raw = store()?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    store()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the app keeps working, it just won't remember.
  }
}

export function removeKey(key: string): void {
  store()?.removeItem(key);
}

/** Every persisted UI item, by id (the part after `ui.`). */
export function readUiItems(): Record<string, unknown> {
  const storage = store();
  if (!storage) return {};
  const items: Record<string, unknown> = {};
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(STORAGE_KEYS.uiPrefix)) items[key.slice(STORAGE_KEYS.uiPrefix.length)] = readJson(key);
  }
  return items;
}
