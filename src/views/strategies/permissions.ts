import type { StrategySummary } from '../../../contract/signals/strategies';

/** Your own strategies are yours to change; built-in ones are the admins'. */
export function canEdit(strategy: Pick<StrategySummary, 'owner_id' | 'is_builtin'>, user: { id: number; is_superuser: boolean } | null): boolean {
  if (!user) return false;
  return strategy.is_builtin ? user.is_superuser : strategy.owner_id === user.id;
}
