import { useQuery } from '../../../../actors/hooks';
import { Card } from '../../../components/Card';
import { adminDataApi, adminDataTags } from '../adminDataApi';
import { Chip } from '../ui';
import { useAdminDataT } from '../useAdminDataT';

/** Sub-markets or categories of the market, read-only: few, and changed rarely (set_item serves scripts). */
export function SubListCard({ market, list, language }: { market: string; list: 'sub_markets' | 'categories'; language: string }) {
  const { t } = useAdminDataT();
  const items = useQuery(adminDataApi.list, { params: { name: list }, query: { market } }, { tags: [adminDataTags.lists] });
  const rows = items.data && items.data.list === list ? items.data.data : [];
  const title = t(`adminData.markets.${list}`);
  return (
    <Card title={title}>
      {rows.length ? (
        <ul aria-label={title} className="flex flex-wrap gap-2">
          {rows.map((item) => (
            <li key={item.id} className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-1.5 text-sm dark:bg-slate-900">
              <span>{language === 'fa-IR' ? item.title.fa : item.title.en}</span>
              <code dir="ltr" className="text-xs text-slate-500">{item.name}</code>
              {item.is_active ? null : <Chip tone="plain">{t('adminData.markets.inactive')}</Chip>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{items.data ? t('adminData.markets.noneYet') : t('adminData.loading')}</p>
      )}
    </Card>
  );
}
