import { useTranslation } from 'react-i18next';
import { addLazyBundle } from '../../../i18n';
import { adminOpsEn } from './strings.en';
import { adminOpsFa } from './strings.fa';

/** `useTranslation` with the admin tasks and services panels' strings added to the instance first. */
export function useAdminOpsT() {
  const result = useTranslation();
  addLazyBundle(result.i18n, 'adminOps', { 'fa-IR': adminOpsFa, 'en-US': adminOpsEn });
  return result;
}
