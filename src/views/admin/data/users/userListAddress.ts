import { DEFAULT_PAGE_SIZE, readPage } from '../Pager';

/**
 * The user list's search and page live in the address (`/admin/users?q=ali&skip=25`), so a
 * search can be linked, reloaded and navigated back to.
 */
export interface UserListView {
  q: string;
  skip: number;
  limit: number;
}

export function readUserListView(search: URLSearchParams): UserListView {
  return { q: search.get('q')?.trim() ?? '', ...readPage(search, 'skip') };
}

/** The list call's query: an empty search is left out (the server refuses an empty `q`). */
export function toUserListQuery(view: UserListView): Record<string, string | number> {
  return view.q ? { skip: view.skip, limit: view.limit, q: view.q } : { skip: view.skip, limit: view.limit };
}

export function toUserListSearch(view: UserListView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.q) search.set('q', view.q);
  if (view.skip) search.set('skip', String(view.skip));
  if (view.limit !== DEFAULT_PAGE_SIZE) search.set('limit', String(view.limit));
  return search;
}
