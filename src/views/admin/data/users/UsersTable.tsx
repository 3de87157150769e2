import type { User } from '../../../../../contract/accounts/schemas';
import { formatDateTime } from '../../../../i18n/format';
import { Button } from '../../../components/Button';
import { Chip, ScrollTable, tdClass, thClass } from '../ui';
import { useAdminDataT } from '../useAdminDataT';

/** One page of users; each row opens its editor. */
export function UsersTable({ users, language, onEdit }: { users: User[]; language: string; onEdit: (user: User) => void }) {
  const { t } = useAdminDataT();
  const yesNo = (on: boolean, testId: string) => <Chip tone={on ? 'good' : 'plain'} testId={testId}>{on ? t('adminData.yes') : t('adminData.no')}</Chip>;
  return (
    <ScrollTable label={t('adminData.users.tableLabel')}>
      <thead>
        <tr>
          <th className={thClass}>{t('adminData.users.email')}</th>
          <th className={thClass}>{t('adminData.users.name')}</th>
          <th className={thClass}>{t('adminData.users.active')}</th>
          <th className={thClass}>{t('adminData.users.admin')}</th>
          <th className={thClass}>{t('adminData.users.created')}</th>
          <th className={thClass}><span className="sr-only">{t('adminData.users.edit')}</span></th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id} data-testid={`user-row-${user.id}`}>
            <td className={tdClass} dir="ltr"><span className="block text-start">{user.email}</span></td>
            <td className={tdClass} dir="auto">{user.full_name ?? '—'}</td>
            <td className={tdClass}>{yesNo(user.is_active, `active-${user.id}`)}</td>
            <td className={tdClass}>{yesNo(user.is_superuser, `admin-${user.id}`)}</td>
            <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{formatDateTime(Date.parse(user.created_at), language, { dateStyle: 'medium' })}</td>
            <td className={`${tdClass} text-end`}>
              <Button kind="secondary" className="!px-3 !py-1" aria-label={t('adminData.users.editOne', { email: user.email })} onClick={() => onEdit(user)}>
                {t('adminData.users.edit')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
