import { useState, type FormEvent } from 'react';
import type { Order } from '../../../contract/portfolio/orders';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useMutation, useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { errorMessage } from '../errorMessage';
import { ConfirmButton, inputClass, SelectField } from '../signals/controls';
import { downloadCsv, toCsv } from './csv';
import { formatAmount } from './money';
import { usePortfolioT } from './usePortfolioT';

const STATUSES = ['', '10', '20', '30', '40', '50'] as const;

/** Orders with status and side filters; confirm or cancel pending ones; place a new one; CSV. */
export function OrdersPanel({ portfolio, language }: { portfolio: PortfolioDetail; language: string }) {
  const { t } = usePortfolioT();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('');
  const [side, setSide] = useState<'' | 'buy' | 'sell'>('');
  const query = { portfolio_id: portfolio.id, limit: 200, ...(status ? { status } : {}), ...(side ? { side } : {}) };
  const read = useQuery(portfolioApi.orders, { query }, { tags: [portfolioTags.orders(portfolio.id)] });
  const act = useMutation(portfolioApi.updateOrder, { invalidates: [portfolioTags.orders(portfolio.id), portfolioTags.balances(portfolio.id), portfolioTags.one(portfolio.id)] });
  const orders = read.data?.data ?? [];
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  const exportCsv = () =>
    downloadCsv(
      `orders-${portfolio.id}.csv`,
      toCsv(
        ['id', 'time', 'symbol', 'side', 'order_type', 'status', 'amount', 'price', 'filled', 'average_fill_price', 'fee', 'fee_symbol', 'source', 'note'],
        orders.map((o) => [o.id, new Date(o.timestamp).toISOString(), o.symbol, o.side, o.order_type, o.status, o.amount, o.price, o.filled, o.average_fill_price, o.fee, o.fee_symbol, o.source.type, o.note]),
      ),
    );
  return (
    <div className="space-y-4">
      <NewOrderForm portfolio={portfolio} />
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label={t('portfolios.orders.status')} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? t(`portfolios.orders.statuses.${s}`) : t('portfolios.orders.all')}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('portfolios.orders.side')} value={side} onChange={(e) => setSide(e.target.value as typeof side)}>
          <option value="">{t('portfolios.orders.all')}</option>
          <option value="buy">{t('portfolios.orders.buy')}</option>
          <option value="sell">{t('portfolios.orders.sell')}</option>
        </SelectField>
        <Button kind="secondary" onClick={exportCsv} disabled={!orders.length}>
          {t('portfolios.csv')}
        </Button>
      </div>
      {act.error ? <Alert tone="error">{errorMessage(act.error, t)}</Alert> : null}
      {orders.length === 0 ? (
        <p className="text-sm text-slate-500">{read.data ? t('portfolios.orders.none') : t('common.loading')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="orders">
            <thead className="text-slate-500">
              <tr>
                {(['time', 'symbol', 'side', 'type', 'amount', 'price', 'filled', 'avgPrice', 'status', 'source'] as const).map((k) => (
                  <th key={k} scope="col" className="px-2 py-1 text-start font-medium">
                    {t(`portfolios.orders.${k}`)}
                  </th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>
              {orders.map((o: Order) => (
                <tr key={o.id} data-testid={`order-${o.id}`} className="border-t border-slate-100 tabular-nums dark:border-slate-700">
                  <td className="px-2 py-1.5">{time.format(o.timestamp)}</td>
                  <td className="px-2"><bdi dir="ltr">{o.symbol}</bdi></td>
                  <td className={`px-2 ${o.side === 'buy' ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400'}`}>{t(`portfolios.orders.${o.side}`)}</td>
                  <td className="px-2">{t(`portfolios.orders.types.${o.order_type}`)}</td>
                  <td className="px-2">{formatAmount(o.amount, language)}</td>
                  <td className="px-2">{formatAmount(o.price, language)}</td>
                  <td className="px-2">{formatAmount(o.filled, language)}</td>
                  <td className="px-2">{formatAmount(o.average_fill_price, language)}</td>
                  <td className="px-2" data-testid="order-status">
                    {t(`portfolios.orders.statuses.${o.status}`)}
                    {o.rule_flags.length ? <span className="block text-xs text-amber-700">{t('portfolios.orders.flags', { rules: o.rule_flags.join(', ') })}</span> : null}
                    {o.reject_reason ? <span className="block text-xs text-rose-700" dir="auto">{o.reject_reason}</span> : null}
                  </td>
                  <td className="px-2">{o.source.type === 'manual' ? t('portfolios.orders.manual') : t('portfolios.orders.signal', { score: new Intl.NumberFormat(language).format(o.source.score) })}</td>
                  <td className="px-2 py-1">
                    <span className="flex gap-2">
                      {o.status === 10 ? (
                        <Button className="!px-3 !py-1.5" disabled={act.submitting} onClick={() => act.submit({ body: { action: 'confirm', order_id: o.id } })}>
                          {t('portfolios.orders.confirm')}
                        </Button>
                      ) : null}
                      {o.status === 10 || o.status === 20 ? (
                        <ConfirmButton label={t('portfolios.orders.cancel')} confirmLabel={t('portfolios.orders.cancelConfirm')} disabled={act.submitting} onConfirm={() => act.submit({ body: { action: 'cancel', order_id: o.id } })} />
                      ) : null}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function NewOrderForm({ portfolio }: { portfolio: PortfolioDetail }) {
  const { t } = usePortfolioT();
  const place = useMutation(portfolioApi.placeOrder, { invalidates: [portfolioTags.orders(portfolio.id), portfolioTags.balances(portfolio.id), portfolioTags.one(portfolio.id)] });
  const [symbol, setSymbol] = useState('');
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [type, setType] = useState('10');
  const [amount, setAmount] = useState('');
  const [price, setPrice] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const orderType = Number(type) as 10 | 20 | 30;
    place.submit({ body: { portfolio_id: portfolio.id, symbol: symbol.trim().toUpperCase(), side, order_type: orderType, amount, ...(orderType !== 10 ? { price } : {}) } });
  };
  return (
    <form onSubmit={submit} aria-label={t('portfolios.orders.new')} className="flex flex-wrap items-end gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-900">
      <label className="block text-sm">
        {t('portfolios.symbol')}
        <input className={inputClass} dir="ltr" value={symbol} onChange={(e) => setSymbol(e.target.value)} required placeholder="BTCUSDT" />
      </label>
      <SelectField label={t('portfolios.orders.side')} value={side} onChange={(e) => setSide(e.target.value as 'buy' | 'sell')}>
        <option value="buy">{t('portfolios.orders.buy')}</option>
        <option value="sell">{t('portfolios.orders.sell')}</option>
      </SelectField>
      <SelectField label={t('portfolios.orders.type')} value={type} onChange={(e) => setType(e.target.value)}>
        {['10', '20', '30'].map((c) => (
          <option key={c} value={c}>
            {t(`portfolios.orders.types.${c}`)}
          </option>
        ))}
      </SelectField>
      <label className="block text-sm">
        {t('portfolios.orders.amount')}
        <input className={inputClass} dir="ltr" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required />
      </label>
      {type !== '10' ? (
        <label className="block text-sm">
          {t('portfolios.orders.price')}
          <input className={inputClass} dir="ltr" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} required />
        </label>
      ) : null}
      <Button type="submit" disabled={place.submitting}>
        {t('portfolios.orders.place')}
      </Button>
      {place.error ? <div className="basis-full"><Alert tone="error">{errorMessage(place.error, t)}</Alert></div> : null}
    </form>
  );
}
