/** The part of `MarketListQuery` applied in memory, after the SQL narrowed by market, list and is_active. */
export interface ListFilter {
  sub_market?: string;
  category?: string;
  search?: string;
  skip: number;
  limit: number;
}

/** What the filters look at: an item's name and its JSON fields (only symbols have sub_market and category). */
export interface Filterable {
  name: string;
  title?: { fa: string; en: string };
  sub_market?: string | null;
  category?: string | null;
}

/**
 * Persian text typed on different keyboards differs in a few letters (Arabic yeh and kaf) and in
 * zero-width non-joiners; folding them lets "ملي" find "ملی" whichever was typed.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/\u200c/g, '');
}

const matches = (item: Filterable, needle: string) =>
  [item.name, item.title?.fa ?? '', item.title?.en ?? ''].some((text) => foldForSearch(text).includes(needle));

/**
 * Filters then pages one list; `count` is the number matching before paging. Done in memory on
 * purpose: a market's list holds at most a few thousand items, and the sub-market, category and
 * titles live in the item's JSON, which SQLite and PostgreSQL would each query differently.
 * `view` exposes what to filter on, so callers build full items for the page only.
 */
export function filterAndPage<T>(items: T[], view: (item: T) => Filterable, filter: ListFilter): { page: T[]; count: number } {
  const needle = filter.search === undefined ? undefined : foldForSearch(filter.search);
  const kept = items.filter((raw) => {
    const item = view(raw);
    return (
      // Only symbols have a sub-market and a category; the contract ignores these filters elsewhere.
      (filter.sub_market === undefined || !('sub_market' in item) || item.sub_market === filter.sub_market) &&
      (filter.category === undefined || !('category' in item) || item.category === filter.category) &&
      (needle === undefined || matches(item, needle))
    );
  });
  return { page: kept.slice(filter.skip, filter.skip + filter.limit), count: kept.length };
}
