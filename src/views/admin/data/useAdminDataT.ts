import { useTranslation } from 'react-i18next';
import { addLazyBundle } from '../../../i18n';
import { adminDataEn } from './strings.en';
import { adminDataFa } from './strings.fa';

/** `useTranslation` with the admin users, market administration and audit log screens' strings added to the instance first. */
export function useAdminDataT() {
  const result = useTranslation();
  addLazyBundle(result.i18n, 'adminData', { 'fa-IR': adminDataFa, 'en-US': adminDataEn });
  return result;
}
