import { formatNumber } from '../../../i18n/format';
import { Button } from '../../components/Button';
import { useAdminDataT } from './useAdminDataT';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** Previous / next and the page size over a server-paged list, with "from–to of total". */
export function Pager({ skip, limit, count, language, onPage }: { skip: number; limit: number; count: number; language: string; onPage: (skip: number, limit: number) => void }) {
  const { t } = useAdminDataT();
  const from = count === 0 ? 0 : skip + 1;
  const to = Math.min(skip + limit, count);
  const n = (value: number) => formatNumber(value, language);
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 text-sm" aria-label={t('adminData.page.label')}>
      <span data-testid="page-summary" className="tabular-nums text-slate-600 dark:text-slate-300">
        {t('adminData.page.summary', { from: n(from), to: n(to), count: n(count) })}
      </span>
      <span className="flex items-center gap-2">
        <label className="flex items-center gap-2 text-slate-500">
          {t('adminData.page.perPage')}
          <select className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900" value={limit} onChange={(e) => onPage(0, Number(e.target.value))}>
            {PAGE_SIZES.map((size) => <option key={size} value={size}>{n(size)}</option>)}
          </select>
        </label>
        <Button kind="secondary" className="!px-3 !py-1.5" disabled={skip === 0} onClick={() => onPage(Math.max(0, skip - limit), limit)}>
          {t('adminData.page.previous')}
        </Button>
        <Button kind="secondary" className="!px-3 !py-1.5" disabled={skip + limit >= count} onClick={() => onPage(skip + limit, limit)}>
          {t('adminData.page.next')}
        </Button>
      </span>
    </nav>
  );
}

/** A page position read from the address: a non-negative skip and one of the offered sizes. */
export function readPage(search: URLSearchParams, skipKey: string): { skip: number; limit: number } {
  const skip = Number(search.get(skipKey));
  const limit = Number(search.get('limit'));
  return {
    skip: Number.isInteger(skip) && skip > 0 ? skip : 0,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}
