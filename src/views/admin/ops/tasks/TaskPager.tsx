import { formatNumber } from '../../../../i18n/format';
import { Button } from '../../../components/Button';
import { useAdminOpsT } from '../useAdminOpsT';
import { TASK_PAGE_SIZES } from './taskFilters';

export function TaskPager({ offset, limit, count, language, onPage }: { offset: number; limit: number; count: number; language: string; onPage: (offset: number, limit: number) => void }) {
  const { t } = useAdminOpsT();
  const from = count === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, count);
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 text-sm" aria-label={t('adminOps.tasks.page.perPage')}>
      <span data-testid="task-page-summary" className="tabular-nums text-slate-600 dark:text-slate-300">
        {t('adminOps.tasks.page.summary', { from: formatNumber(from, language), to: formatNumber(to, language), count: formatNumber(count, language) })}
      </span>
      <span className="flex items-center gap-2">
        <label className="flex items-center gap-2 text-slate-500">
          {t('adminOps.tasks.page.perPage')}
          <select className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900" value={limit} onChange={(e) => onPage(0, Number(e.target.value))}>
            {TASK_PAGE_SIZES.map((size) => <option key={size} value={size}>{formatNumber(size, language)}</option>)}
          </select>
        </label>
        <Button kind="secondary" className="!px-3 !py-1.5" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - limit), limit)}>
          {t('adminOps.tasks.page.previous')}
        </Button>
        <Button kind="secondary" className="!px-3 !py-1.5" disabled={offset + limit >= count} onClick={() => onPage(offset + limit, limit)}>
          {t('adminOps.tasks.page.next')}
        </Button>
      </span>
    </nav>
  );
}
