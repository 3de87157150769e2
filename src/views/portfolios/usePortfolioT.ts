import { useTranslation } from 'react-i18next';
import { addLazyBundle } from '../../i18n';
import { portfoliosEn } from './strings.en';
import { portfoliosFa } from './strings.fa';

/** `useTranslation` with the portfolio screens' strings added to the instance first. */
export function usePortfolioT() {
  const result = useTranslation();
  addLazyBundle(result.i18n, 'portfolios', { 'fa-IR': portfoliosFa, 'en-US': portfoliosEn });
  return result;
}
