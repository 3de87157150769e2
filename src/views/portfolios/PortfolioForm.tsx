import { useState, type FormEvent } from 'react';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useMutation, useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { errorMessage } from '../errorMessage';
import { SelectField } from '../signals/controls';
import { usePortfolioT } from './usePortfolioT';

/** Create a portfolio (market and account type fixed from then on) or rename/describe one. */
export function PortfolioForm({ portfolio, onDone }: { portfolio?: PortfolioDetail; onDone: (p: PortfolioDetail) => void }) {
  const { t, i18n } = usePortfolioT();
  const iso = i18n.language.startsWith('fa') ? 'fa' : 'en';
  const markets = useQuery(portfolioApi.markets, {}, { retentionMs: 300_000 });
  const create = useMutation(portfolioApi.create, { invalidates: [portfolioTags.list] });
  const update = useMutation(portfolioApi.update, { invalidates: [portfolioTags.list, ...(portfolio ? [portfolioTags.one(portfolio.id)] : [])] });
  const [name, setName] = useState(portfolio?.name ?? '');
  const [description, setDescription] = useState(portfolio?.description ?? '');
  const [market, setMarket] = useState(portfolio?.market ?? '');
  const [accountType, setAccountType] = useState(String(portfolio?.account_type ?? 10));
  const mutation = portfolio ? update : create;
  const chosenMarket = market || markets.data?.data[0]?.name || '';
  const [reported, setReported] = useState<unknown>(null);
  if (mutation.result && mutation.result !== reported) {
    setReported(mutation.result);
    onDone(mutation.result);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (portfolio) update.submit({ params: { id: portfolio.id }, body: { name, description: description || null } });
    else create.submit({ body: { name, description: description || null, market: chosenMarket, account_type: Number(accountType) as 10 | 20 | 30 } });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={portfolio ? t('portfolios.edit') : t('portfolios.new')}>
      <Field label={t('portfolios.name')} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} dir="auto" />
      <Field label={t('portfolios.description')} value={description} onChange={(e) => setDescription(e.target.value)} dir="auto" />
      {portfolio ? null : (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label={t('portfolios.market')} value={chosenMarket} onChange={(e) => setMarket(e.target.value)}>
            {(markets.data?.data ?? []).map((m) => (
              <option key={m.name} value={m.name}>
                {m.title[iso]}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('portfolios.accountType')} value={accountType} onChange={(e) => setAccountType(e.target.value)}>
            {(['10', '30'] as const).map((code) => (
              <option key={code} value={code}>
                {t(`portfolios.accountTypes.${code}`)}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {mutation.error ? <Alert tone="error">{errorMessage(mutation.error, t)}</Alert> : null}
      <Button type="submit" disabled={mutation.submitting || !name.trim() || (!portfolio && !chosenMarket)}>
        {portfolio ? t('common.save') : t('portfolios.create')}
      </Button>
    </form>
  );
}
