import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useShellSelector } from '../../actors/hooks';
import { useMarkets } from '../../actors/useMarketLive';
import { Alert } from '../components/Alert';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { MarketBoard } from '../markets/MarketBoard';
import { MarketTabs } from '../markets/MarketTabs';

export const DEFAULT_MARKET = 'crypto';

/** Every symbol of a market with live prices: `/markets/:market`, crypto when none is named. */
export default function MarketsPage() {
  const { t } = useTranslation();
  const { market = DEFAULT_MARKET } = useParams();
  const iso = useShellSelector((s) => s.context.languageIso) as 'fa' | 'en';
  const { markets, isLoading, error } = useMarkets();
  const known = markets.some((m) => m.name === market);

  return (
    <div className="space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('marketsScreen.title')}</h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('marketsScreen.subtitle')}</p>
      </header>
      <MarketTabs markets={markets} active={market} iso={iso} />
      {error ? (
        <Alert tone="error">{errorMessage(error, t)}</Alert>
      ) : isLoading && markets.length === 0 ? (
        <Spinner label={t('common.loading')} />
      ) : known ? (
        <MarketBoard key={market} market={market} />
      ) : (
        <Alert tone="error">{t('marketsScreen.unknownMarket', { market })}</Alert>
      )}
    </div>
  );
}
