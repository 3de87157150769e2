import { useState, type FormEvent } from 'react';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useMutation, useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { errorMessage } from '../errorMessage';
import { FieldMessages, inputClass } from '../signals/controls';
import { serverFieldErrors } from '../signals/fieldErrors';
import { usePortfolioT } from './usePortfolioT';

/** Every tagged symbol with its tags (each removable), and a form to tag a symbol. */
export function TagsPanel({ portfolio }: { portfolio: PortfolioDetail }) {
  const { t } = usePortfolioT();
  const tags = [portfolioTags.extras(portfolio.id)];
  const read = useQuery(portfolioApi.allTags, { query: { portfolio_id: portfolio.id } }, { tags });
  const untag = useMutation(portfolioApi.untagSymbol, { invalidates: tags });
  const rows = read.data?.data ?? [];
  if (read.error) return <Alert tone="error">{errorMessage(read.error, t)}</Alert>;
  return (
    <div className="space-y-4">
      <TagForm portfolio={portfolio} />
      {untag.error ? <Alert tone="error">{errorMessage(untag.error, t)}</Alert> : null}
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{read.data ? t('portfolios.tags.none') : t('common.loading')}</p>
      ) : (
        <table className="w-full text-sm" data-testid="tags">
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="w-40 px-2 py-1 text-start font-medium">{t('portfolios.symbol')}</th>
              <th scope="col" className="px-2 py-1 text-start font-medium">{t('portfolios.tabs.tags')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.symbol} className="border-t border-slate-100 dark:border-slate-700" data-testid={`tags-${row.symbol}`}>
                <td className="px-2 py-1.5 font-medium"><bdi dir="ltr">{row.symbol}</bdi></td>
                <td className="px-2 py-1.5">
                  <ul className="flex flex-wrap gap-1.5">
                    {row.tags.map((tag) => (
                      <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200">
                        <span dir="auto">{tag}</span>
                        <button
                          type="button"
                          className="rounded-full px-1 text-emerald-700 hover:bg-emerald-100 dark:text-emerald-300 dark:hover:bg-emerald-800"
                          aria-label={t('portfolios.tags.remove', { tag })}
                          disabled={untag.submitting}
                          onClick={() => untag.submit({ body: { portfolio_id: portfolio.id, symbol: row.symbol, tags: [tag] } })}
                        >
                          ×
                        </button>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function TagForm({ portfolio }: { portfolio: PortfolioDetail }) {
  const { t } = usePortfolioT();
  const add = useMutation(portfolioApi.tagSymbol, { invalidates: [portfolioTags.extras(portfolio.id)] });
  const [symbol, setSymbol] = useState('');
  const [text, setText] = useState('');
  const fields = serverFieldErrors(add.error, ['body']);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const tags = text.split(/[,،]/).map((x) => x.trim()).filter(Boolean);
    if (!tags.length) return;
    add.submit({ body: { portfolio_id: portfolio.id, symbol: symbol.trim().toUpperCase(), tags } });
    setText('');
  };
  const fieldShown = Object.keys(fields).length > 0;
  return (
    <form onSubmit={submit} aria-label={t('portfolios.tags.add')} className="flex flex-wrap items-start gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-900">
      <label className="block text-sm">
        {t('portfolios.symbol')}
        <input className={inputClass} dir="ltr" value={symbol} onChange={(e) => setSymbol(e.target.value)} required placeholder="BTCUSDT" />
        <FieldMessages messages={fields.symbol} />
      </label>
      <div className="text-sm">
        <label className="block">
          {t('portfolios.tags.tag')}
          <input className={inputClass} dir="auto" value={text} onChange={(e) => setText(e.target.value)} required maxLength={400} aria-describedby="tag-hint" />
        </label>
        <span id="tag-hint" className="mt-1 block text-xs text-slate-500">{t('portfolios.tags.hint')}</span>
        <FieldMessages messages={Object.entries(fields).filter(([k]) => k.startsWith('tags')).flatMap(([, m]) => m)} />
      </div>
      <Button type="submit" className="mt-5" disabled={add.submitting}>
        {t('portfolios.tags.add')}
      </Button>
      {add.error && !fieldShown ? (
        <div className="basis-full">
          <Alert tone="error">{errorMessage(add.error, t)}</Alert>
        </div>
      ) : null}
    </form>
  );
}
