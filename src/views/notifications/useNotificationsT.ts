import { useTranslation } from 'react-i18next';
import { addLazyBundle } from '../../i18n';
import { notificationsEn } from './strings.en';
import { notificationsFa } from './strings.fa';

/** `useTranslation` with the notification screens' strings added to the instance first. */
export function useNotificationsT() {
  const result = useTranslation();
  addLazyBundle(result.i18n, 'notifications', { 'fa-IR': notificationsFa, 'en-US': notificationsEn });
  return result;
}
