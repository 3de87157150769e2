import { useTranslation } from 'react-i18next';
import { addLazyBundle } from '../../i18n';
import { signalsEn } from './strings.en';
import { signalsFa } from './strings.fa';

/** `useTranslation` with the signals screens' strings added to the instance first (from this lazy chunk). */
export function useSignalsT() {
  const result = useTranslation();
  addLazyBundle(result.i18n, 'signals', { 'fa-IR': signalsFa, 'en-US': signalsEn });
  return result;
}
