import { useState, type FormEvent } from 'react';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useMutation, useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { ApiError } from '../../services/apiErrors';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { errorMessage } from '../errorMessage';
import { inputClass, SelectField } from '../signals/controls';
import { downloadCsv, toCsv } from './csv';
import { formatAmount } from './money';
import { usePortfolioT } from './usePortfolioT';

const MANUAL_TYPES = ['10', '20', '21', '11'] as const;

/** The ledger newest first, a form for deposits, withdrawals, fees and dividends, and CSV export. */
export function TransactionsPanel({ portfolio, language }: { portfolio: PortfolioDetail; language: string }) {
  const { t } = usePortfolioT();
  const read = useQuery(portfolioApi.ledger, { query: { portfolio_id: portfolio.id, limit: 500 } }, { tags: [portfolioTags.balances(portfolio.id)] });
  const entries = read.data?.data ?? [];
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  const exportCsv = () =>
    downloadCsv(
      `transactions-${portfolio.id}.csv`,
      toCsv(
        ['id', 'time', 'type', 'type_name', 'symbol', 'amount', 'price', 'quote_symbol', 'quote_amount', 'fee', 'fee_symbol', 'order_id', 'note'],
        entries.map(({ transaction: x }) => [x.id, new Date(x.timestamp).toISOString(), x.type, t(`portfolios.tx.types.${x.type}`), x.symbol, x.amount, x.price, x.quote_symbol, x.quote_amount, x.fee, x.fee_symbol, x.order_id, x.note]),
      ),
    );
  return (
    <div className="space-y-4">
      <TransactionForm portfolio={portfolio} />
      <Button kind="secondary" onClick={exportCsv} disabled={!entries.length}>
        {t('portfolios.csv')}
      </Button>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">{read.data ? t('portfolios.tx.none') : t('common.loading')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="transactions">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="px-2 py-1 text-start font-medium">{t('portfolios.tx.time')}</th>
                <th scope="col" className="px-2 py-1 text-start font-medium">{t('portfolios.tx.type')}</th>
                <th scope="col" className="px-2 py-1 text-start font-medium">{t('portfolios.symbol')}</th>
                <th scope="col" className="px-2 py-1 text-start font-medium">{t('portfolios.tx.amount')}</th>
                <th scope="col" className="px-2 py-1 text-start font-medium">{t('portfolios.price')}</th>
                <th scope="col" className="px-2 py-1 text-start font-medium">{t('portfolios.tx.note')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map(({ transaction: x }) => (
                <tr key={x.id} className="border-t border-slate-100 tabular-nums dark:border-slate-700">
                  <td className="px-2 py-1.5">{time.format(x.timestamp)}</td>
                  <td className="px-2">{t(`portfolios.tx.types.${x.type}`)}</td>
                  <td className="px-2"><bdi dir="ltr">{x.symbol}</bdi></td>
                  <td className="px-2">{formatAmount(x.amount, language)}</td>
                  <td className="px-2">{formatAmount(x.price, language)}</td>
                  <td className="px-2" dir="auto">{x.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function TransactionForm({ portfolio }: { portfolio: PortfolioDetail }) {
  const { t } = usePortfolioT();
  const add = useMutation(portfolioApi.addTransaction, { invalidates: [portfolioTags.balances(portfolio.id), portfolioTags.one(portfolio.id), portfolioTags.list] });
  const [type, setType] = useState<(typeof MANUAL_TYPES)[number]>('10');
  const [symbol, setSymbol] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.submit({ body: { portfolio_id: portfolio.id, type: Number(type) as 10, symbol: symbol.trim().toUpperCase(), amount, ...(note.trim() ? { note: note.trim() } : {}) } });
  };
  // The server's 409 on overdraft says what is free; it is shown as such, not as a generic failure.
  const overdraft = add.error instanceof ApiError && add.error.status === 409;
  return (
    <form onSubmit={submit} aria-label={t('portfolios.tx.add')} className="flex flex-wrap items-end gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-900">
      <SelectField label={t('portfolios.tx.type')} value={type} onChange={(e) => setType(e.target.value as typeof type)}>
        {MANUAL_TYPES.map((c) => (
          <option key={c} value={c}>
            {t(`portfolios.tx.types.${c}`)}
          </option>
        ))}
      </SelectField>
      <label className="block text-sm">
        {t('portfolios.symbol')}
        <input className={inputClass} dir="ltr" value={symbol} onChange={(e) => setSymbol(e.target.value)} required placeholder="USDT" />
      </label>
      <label className="block text-sm">
        {t('portfolios.tx.amount')}
        <input className={inputClass} dir="ltr" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required />
      </label>
      <label className="block text-sm">
        {t('portfolios.tx.note')}
        <input className={inputClass} dir="auto" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
      </label>
      <Button type="submit" disabled={add.submitting}>
        {t('portfolios.tx.add')}
      </Button>
      {add.error ? (
        <div className="basis-full">
          <Alert tone="error">{overdraft ? t('portfolios.tx.overdraft', { detail: errorMessage(add.error, t) }) : errorMessage(add.error, t)}</Alert>
        </div>
      ) : add.succeeded ? (
        <div className="basis-full">
          <Alert tone="success">{t('portfolios.tx.saved')}</Alert>
        </div>
      ) : null}
    </form>
  );
}
