import { useState } from 'react';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { inputClass } from '../signals/controls';
import { formatAmount, formatMoney, formatPct, toneOf } from './money';
import { usePortfolioT } from './usePortfolioT';

/** Every holding with free/locked/total, live value, PnL and share; dust hidden by a minimum value. */
export function BalancesTable({ portfolio, language }: { portfolio: PortfolioDetail; language: string }) {
  const { t } = usePortfolioT();
  const [dust, setDust] = useState('');
  const minimum = /^\d+(\.\d+)?$/.test(dust) ? dust : undefined;
  const read = useQuery(portfolioApi.lastBalances, { query: { portfolio_id: portfolio.id, ...(minimum ? { minimum_value: minimum } : {}) } }, { tags: [portfolioTags.balances(portfolio.id)] });
  const rows = read.data?.data ?? [];
  return (
    <div className="space-y-3">
      <label className="flex max-w-sm items-center gap-2 text-sm">
        <span className="shrink-0">{t('portfolios.hideDust')}</span>
        <input className={inputClass} inputMode="decimal" dir="ltr" value={dust} onChange={(e) => setDust(e.target.value)} placeholder="0" />
      </label>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{read.data ? t('portfolios.noBalances') : t('common.loading')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="balances">
            <thead className="text-slate-500">
              <tr>
                {(['symbol', 'free', 'locked', 'total', 'price', 'value', 'pnl', 'share'] as const).map((k) => (
                  <th key={k} scope="col" className="px-2 py-1 text-start font-medium">
                    {t(`portfolios.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((h) => (
                <tr key={h.symbol} data-testid={`balance-${h.symbol}`} className="border-t border-slate-100 tabular-nums dark:border-slate-700">
                  <td className="px-2 py-1.5 font-medium">
                    <bdi dir="ltr">{h.symbol}</bdi>
                  </td>
                  <td className="px-2">{formatAmount(h.free, language)}</td>
                  <td className="px-2">{formatAmount(h.locked, language)}</td>
                  <td className="px-2" data-testid="balance-total">{formatAmount(h.total, language)}</td>
                  <td className="px-2">{formatMoney(h.market_price, portfolio.currency, language)}</td>
                  <td className="px-2">{formatMoney(h.market_value, portfolio.currency, language)}</td>
                  <td className={`px-2 ${toneOf(h.unrealized_pnl)}`}>{formatMoney(h.unrealized_pnl, portfolio.currency, language)}</td>
                  <td className="px-2">{formatPct(h.allocation_pct, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
