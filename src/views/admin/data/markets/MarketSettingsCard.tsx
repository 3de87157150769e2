import { useState } from 'react';
import { useQuery } from '../../../../actors/hooks';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { adminDataApi, adminDataTags } from '../adminDataApi';
import { adminMessage } from '../adminMessage';
import { ScrollTable, tdClass, thClass } from '../ui';
import { useAdminDataT } from '../useAdminDataT';
import { SettingEditor } from './SettingEditor';
import { showSettingValue } from './settingValue';

/** A market's settings, name → JSON value; one at a time is edited (or a new one added) as JSON. */
export function MarketSettingsCard({ market }: { market: string }) {
  const { t } = useAdminDataT();
  const settings = useQuery(adminDataApi.settings, { query: { market } }, { tags: [adminDataTags.settings] });
  const [editing, setEditing] = useState<{ name: string; isNew: boolean } | null>(null);
  const entries = Object.entries(settings.data?.settings ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Card title={t('adminData.markets.settings')}>
      <div className="space-y-3">
        {settings.error ? <Alert tone="error">{adminMessage(settings.error, t)}</Alert> : null}
        {editing ? (
          <SettingEditor
            key={editing.name}
            market={market}
            name={editing.isNew ? null : editing.name}
            initial={editing.isNew ? '' : showSettingValue(settings.data?.settings[editing.name])}
            onDone={() => setEditing(null)}
          />
        ) : (
          <Button kind="secondary" className="!px-3 !py-1.5" onClick={() => setEditing({ name: '', isNew: true })}>{t('adminData.markets.addSetting')}</Button>
        )}
        {entries.length ? (
          <ScrollTable label={t('adminData.markets.settings')}>
            <thead>
              <tr>
                <th className={thClass}>{t('adminData.markets.settingName')}</th>
                <th className={thClass}>{t('adminData.markets.settingValue')}</th>
                <th className={thClass}><span className="sr-only">{t('adminData.edit')}</span></th>
              </tr>
            </thead>
            <tbody>
              {entries.map(([name, value]) => (
                <tr key={name} data-testid={`setting-${name}`}>
                  <td className={`${tdClass} font-mono`} dir="ltr">{name}</td>
                  <td className={tdClass}><code dir="ltr" className="block max-w-md truncate text-start text-xs">{JSON.stringify(value)}</code></td>
                  <td className={`${tdClass} text-end`}>
                    <Button kind="secondary" className="!px-3 !py-1" aria-label={t('adminData.markets.editSetting', { name })} onClick={() => setEditing({ name, isNew: false })}>
                      {t('adminData.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ) : settings.data ? (
          <p className="text-sm text-slate-500">{t('adminData.markets.noSettings')}</p>
        ) : null}
      </div>
    </Card>
  );
}
