import { useTranslation } from 'react-i18next';
import { quoteEndpoints, timeEndpoints } from '../../../contract/general/endpoints';
import { pick } from '../../../contract/endpoint';
import { useAuthSelector, useQuery, useShellSelector } from '../../actors/hooks';
import { formatDateTime } from '../../i18n/format';
import { Card } from '../components/Card';
import MarketOverview from '../markets/MarketOverview';
import PortfoliosOverview from '../portfolios/PortfoliosOverview';
import ActiveNotifications from '../notifications/ActiveNotifications';
import NewestSignals from '../signals/NewestSignals';

const randomQuote = pick(quoteEndpoints, 'quotes.random');
const serverTime = pick(timeEndpoints, 'utility.getTime');

/** Home: a saying, the server clock, markets, newest signals, portfolios and active notifications. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const language = useShellSelector((s) => s.context.language);
  const iso = useShellSelector((s) => s.context.languageIso) as 'fa' | 'en';
  const name = useAuthSelector((s) => s.context.user?.full_name || s.context.user?.email || '');
  // The spec: the random quote keeps its data 1 s and refetches when the window regains focus.
  const quote = useQuery(randomQuote, {}, { retentionMs: 1000, refetchOnFocus: true });
  const time = useQuery(serverTime, { query: { rounded: true } });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold" dir="auto">
        {t('dashboard.greeting', { name })}
      </h1>
      <div className="grid gap-4 md:grid-cols-3">
        <Card title={t('dashboard.quoteTitle')} className="md:col-span-2">
          {quote.data ? (
            <blockquote data-testid="quote" className="text-lg leading-relaxed text-slate-700 dark:text-slate-200">
              “{quote.data.text[iso]}”
              {quote.data.author ? <footer className="mt-2 text-sm text-slate-500">— {quote.data.author[iso]}</footer> : null}
            </blockquote>
          ) : (
            <p className="text-slate-400">{t('common.loading')}</p>
          )}
        </Card>
        <Card title={t('dashboard.serverTime')}>
          <p data-testid="server-time" className="text-lg tabular-nums">
            {time.data ? formatDateTime(time.data.timestamp, language) : t('common.loading')}
          </p>
        </Card>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <MarketOverview />
        <NewestSignals />
        <PortfoliosOverview />
        <ActiveNotifications language={language} />
      </div>
    </div>
  );
}
