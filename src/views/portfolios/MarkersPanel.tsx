import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { MarkerKind } from '../../../contract/portfolio/rules';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useMutation, useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { errorMessage } from '../errorMessage';
import { FieldMessages, inputClass, SelectField } from '../signals/controls';
import { serverFieldErrors } from '../signals/fieldErrors';
import { withMarker, withoutMarker } from './markerInputs';
import { formatAmount } from './money';
import { usePortfolioT } from './usePortfolioT';

const KINDS: readonly MarkerKind[] = ['price_line', 'note'];

/** The user's chart markers by symbol (price lines and notes), each removable, and a form to add one. */
export function MarkersPanel({ portfolio, language }: { portfolio: PortfolioDetail; language: string }) {
  const { t } = usePortfolioT();
  const tags = [portfolioTags.extras(portfolio.id)];
  const read = useQuery(portfolioApi.markers, { query: { portfolio_id: portfolio.id, limit: 1000 } }, { tags });
  const save = useMutation(portfolioApi.setMarkers, { invalidates: tags });
  const markers = read.data?.data ?? [];
  const [symbol, setSymbol] = useState('');
  const [kind, setKind] = useState<MarkerKind>('price_line');
  const [price, setPrice] = useState('');
  const [text, setText] = useState('');
  const [color, setColor] = useState('#1e88e5');
  const fields = serverFieldErrors(save.error, ['body']);
  const fieldAt = (name: string) => Object.entries(fields).filter(([k]) => k === name || new RegExp(`^markers\\[\\d+\\]\\.${name}$`).test(k)).flatMap(([, m]) => m);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = symbol.trim().toUpperCase();
    const added = { kind, ...(price.trim() ? { price: price.trim() } : {}), ...(text.trim() ? { text: text.trim() } : {}), color };
    save.submit({ body: { portfolio_id: portfolio.id, symbol: name, markers: withMarker(markers, name, added) } });
  };
  const remove = (markerSymbol: string, id: number) =>
    save.submit({ body: { portfolio_id: portfolio.id, symbol: markerSymbol, markers: withoutMarker(markers, markerSymbol, id) } });
  const symbols = [...new Set(markers.map((m) => m.symbol))];
  const shownInFields = ['symbol', 'price', 'text', 'color'].some((n) => fieldAt(n).length > 0);
  if (read.error) return <Alert tone="error">{errorMessage(read.error, t)}</Alert>;
  return (
    <div className="space-y-4">
      <form onSubmit={submit} aria-label={t('portfolios.markers.add')} className="flex flex-wrap items-start gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-900">
        <label className="block text-sm">
          {t('portfolios.symbol')}
          <input className={inputClass} dir="ltr" value={symbol} onChange={(e) => setSymbol(e.target.value)} required placeholder="BTCUSDT" />
          <FieldMessages messages={fieldAt('symbol')} />
        </label>
        <SelectField label={t('portfolios.markers.kind')} value={kind} onChange={(e) => setKind(e.target.value as MarkerKind)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`portfolios.markers.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        <label className="block text-sm">
          {t('portfolios.price')}
          <input className={inputClass} dir="ltr" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} required={kind === 'price_line'} />
          <FieldMessages messages={fieldAt('price')} />
        </label>
        <label className="block text-sm">
          {t('portfolios.markers.text')}
          <input className={inputClass} dir="auto" value={text} onChange={(e) => setText(e.target.value)} required={kind === 'note'} maxLength={500} />
          <FieldMessages messages={fieldAt('text')} />
        </label>
        <label className="block text-sm">
          {t('portfolios.markers.color')}
          <input type="color" className="mt-1 block h-10 w-14 rounded border border-slate-300 dark:border-slate-600" value={color} onChange={(e) => setColor(e.target.value)} />
        </label>
        <Button type="submit" className="mt-5" disabled={save.submitting}>
          {t('portfolios.markers.add')}
        </Button>
        {save.error && !shownInFields ? (
          <div className="basis-full">
            <Alert tone="error">{errorMessage(save.error, t)}</Alert>
          </div>
        ) : null}
      </form>
      {markers.length === 0 ? (
        <p className="text-sm text-slate-500">{read.data ? t('portfolios.markers.none') : t('common.loading')}</p>
      ) : (
        <div className="space-y-3" data-testid="markers">
          {symbols.map((name) => (
            <section key={name}>
              <h3 className="mb-1 flex items-center gap-3 text-sm font-semibold">
                <bdi dir="ltr">{name}</bdi>
                <Link to={`/markets/${portfolio.market}/${name}`} className="text-xs font-normal text-emerald-700 hover:underline dark:text-emerald-400">
                  {t('portfolios.markers.chart', { symbol: name })}
                </Link>
              </h3>
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700">
                {markers
                  .filter((m) => m.symbol === name)
                  .map((m) => (
                    <li key={m.id} className="flex items-center gap-3 px-3 py-1.5" data-testid={`marker-${m.id}`}>
                      <span className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: m.color ?? '#1e88e5' }} aria-hidden />
                      <span className="w-24 shrink-0 text-slate-500">{t(`portfolios.markers.kinds.${m.kind}`)}</span>
                      <span className="w-32 shrink-0 tabular-nums">{m.price !== null ? formatAmount(m.price, language) : ''}</span>
                      <span className="min-w-0 flex-1 truncate" dir="auto">{m.text}</span>
                      <button type="button" className="text-xs text-rose-700 hover:underline dark:text-rose-300" disabled={save.submitting} onClick={() => remove(name, m.id)}>
                        {t('portfolios.markers.remove')}
                      </button>
                    </li>
                  ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
