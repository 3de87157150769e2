import type { AccessToken, User } from '../../contract/accounts/schemas';

/**
 * The older-style calls the spec keeps: form login, `GET /user/me` and `GET /tradingview/symbols`.
 * Unlike the typed client they throw the response's status text on a non-OK answer.
 */
async function legacyFetch<T>(path: string, init: RequestInit = {}, token?: string, baseUrl = ''): Promise<T> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(baseUrl + path, { ...init, headers });
  if (!response.ok) throw new Error(response.statusText || `HTTP ${response.status}`);
  return (await response.json()) as T;
}

export const legacyLogin = (username: string, password: string, baseUrl?: string) =>
  legacyFetch<AccessToken>(
    '/api/user/auth/access-token',
    { method: 'POST', body: new URLSearchParams({ username, password }) },
    undefined,
    baseUrl,
  );

export const legacyMe = (token: string, baseUrl?: string) => legacyFetch<User>('/api/user/me', {}, token, baseUrl);

export const legacyChartSymbols = (token: string, market: string, baseUrl?: string) =>
  legacyFetch<unknown>(`/api/tradingview/symbols?market=${encodeURIComponent(market)}`, {}, token, baseUrl);
