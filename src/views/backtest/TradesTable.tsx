import { useState } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import type { BacktestTrade } from '../../../contract/signals/backtest';
import { Button } from '../components/Button';
import type { backtestFormat } from './format';

const FIRST = 50;

/** Every trade in entry order: when and at what price it went in and out, why it closed, and what it made. */
export function TradesTable({ trades, format }: { trades: readonly BacktestTrade[]; format: ReturnType<typeof backtestFormat> }) {
  const { t } = useSignalsT();
  const [all, setAll] = useState(false);
  if (trades.length === 0) return <p className="text-sm text-slate-500">{t('backtest.noTrades')}</p>;
  const shown = all ? trades : trades.slice(0, FIRST);
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[52rem] text-sm" data-testid="trades">
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-700">
            {(['number', 'symbol', 'entry', 'exit', 'reason', 'bars', 'pnl', 'return'] as const).map((key) => (
              <th key={key} scope="col" className="px-2 py-2 text-start font-medium">
                {t(`backtest.tradeColumns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {shown.map((trade, i) => {
            const pnl = Number(trade.pnl);
            const tone = pnl > 0 ? 'text-emerald-700 dark:text-emerald-400' : pnl < 0 ? 'text-rose-700 dark:text-rose-400' : '';
            return (
              <tr key={`${trade.symbol}-${trade.entry_time}-${i}`} data-testid="trade">
                <td className="px-2 py-1.5 tabular-nums text-slate-400">{format.number(i + 1)}</td>
                <td className="px-2 py-1.5" dir="ltr">
                  {trade.symbol}
                </td>
                <td className="px-2 py-1.5 tabular-nums">
                  <span className="block">{format.time(trade.entry_time)}</span>
                  <span className="block text-xs text-slate-500">{format.price(Number(trade.entry_price))}</span>
                </td>
                <td className="px-2 py-1.5 tabular-nums">
                  <span className="block">{format.time(trade.exit_time)}</span>
                  <span className="block text-xs text-slate-500">{format.price(Number(trade.exit_price))}</span>
                </td>
                <td className="px-2 py-1.5 text-xs">{t(`backtest.exitReasons.${trade.exit_reason}`)}</td>
                <td className="px-2 py-1.5 tabular-nums">{format.number(trade.bars_held)}</td>
                <td className={`px-2 py-1.5 font-medium tabular-nums ${tone}`}>
                  <bdi>{format.money(pnl)}</bdi>
                </td>
                <td className={`px-2 py-1.5 tabular-nums ${tone}`}>
                  <bdi>{format.percent(trade.return)}</bdi>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {trades.length > FIRST && !all ? (
        <Button kind="secondary" className="mt-3" onClick={() => setAll(true)}>
          {t('backtest.showAllTrades', { count: trades.length })}
        </Button>
      ) : null}
    </div>
  );
}
