import { useState } from 'react';
import { inputClass, SelectField } from '../../../signals/controls';
import { AUDITED_ACTIONS } from '../adminDataApi';
import { useAdminDataT } from '../useAdminDataT';
import { isoToLocal, localToIso, type AuditView } from './auditAddress';

/** Action, outcome, free text and a time range; each change goes back to the first page. */
export function AuditFilters({ view, onChange }: { view: AuditView; onChange: (next: AuditView) => void }) {
  const { t } = useAdminDataT();
  const [q, setQ] = useState(view.q);
  const change = (patch: Partial<AuditView>) => onChange({ ...view, ...patch, offset: 0 });
  const commitQ = () => q.trim() !== view.q && change({ q: q.trim() });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <SelectField label={t('adminData.audit.action')} value={view.action} onChange={(e) => change({ action: e.target.value })}>
        <option value="">{t('adminData.audit.anyAction')}</option>
        {AUDITED_ACTIONS.map((action) => <option key={action} value={action}>{t(`adminData.audit.actions.${action}`)}</option>)}
      </SelectField>
      <SelectField label={t('adminData.audit.outcome')} value={view.outcome} onChange={(e) => change({ outcome: e.target.value as AuditView['outcome'] })}>
        <option value="">{t('adminData.audit.anyOutcome')}</option>
        <option value="ok">{t('adminData.audit.outcomes.ok')}</option>
        <option value="refused">{t('adminData.audit.outcomes.refused')}</option>
      </SelectField>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{t('adminData.audit.search')}</span>
        <input
          type="search"
          className={inputClass}
          dir="auto"
          placeholder={t('adminData.audit.searchHint')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onBlur={commitQ}
          onKeyDown={(e) => e.key === 'Enter' && commitQ()}
        />
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{t('adminData.audit.from')}</span>
        <input type="datetime-local" className={inputClass} value={isoToLocal(view.from)} onChange={(e) => change({ from: localToIso(e.target.value) })} />
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{t('adminData.audit.to')}</span>
        <input type="datetime-local" className={inputClass} value={isoToLocal(view.to)} onChange={(e) => change({ to: localToIso(e.target.value) })} />
      </label>
    </div>
  );
}
