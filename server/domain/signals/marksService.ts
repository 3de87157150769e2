import type { Kysely } from 'kysely';
import { NotificationStatus, type OrderSide, type Timeframe } from '../../../contract/codes';
import type { ChartMark } from '../../../contract/market/chart';
import { signalsRepository, type MarkSignalRow } from '../../store/repositories/signals';
import type { Database } from '../../store/schema';

/** A chart mark before it is placed on a bar of the chart's resolution (the chart reads do that). */
export type UnplacedMark = Omit<ChartMark, 'time'>;

export interface MarksRead {
  userId: number;
  market: string;
  symbol: string;
  from: number;
  limit: number;
  /** Keep marks whose notification has one of these statuses; omitted: all. */
  statuses?: readonly number[];
}

const faNumber = new Intl.NumberFormat('fa-IR');
const SIDE_WORDS: Record<OrderSide, { fa: string; en: string; label: string }> = {
  buy: { fa: 'خرید', en: 'Buy', label: 'B' },
  sell: { fa: 'فروش', en: 'Sell', label: 'S' },
};

function toMark(row: MarkSignalRow): UnplacedMark {
  const side = row.side as OrderSide;
  const words = SIDE_WORDS[side];
  const strategy = row.strategy_name ?? `#${row.strategy_id}`;
  return {
    id: row.id,
    signal_time: row.timestamp,
    side,
    label: words.label,
    text: {
      fa: `${words.fa} — ${strategy}، امتیاز ${faNumber.format(row.score)} (${row.timeframe})`,
      en: `${words.en} — ${strategy}, score ${row.score} (${row.timeframe})`,
    },
    score: row.score,
    strategy_id: row.strategy_id,
    subscription_id: row.subscription_id,
    timeframe: row.timeframe as Timeframe,
    // A mark follows its notification (seen, done, expired…); without one it reads as new.
    status: (row.notification_status ?? NotificationStatus.new) as ChartMark['status'],
    notification_id: row.notification_id,
  };
}

/** The signals of the caller's own subscriptions on one symbol, as chart marks, newest first. */
export function createMarksService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async read(read: MarksRead): Promise<UnplacedMark[]> {
      const rows = await signalsRepository.forMarks(db, read);
      const marks = rows.map(toMark);
      return read.statuses ? marks.filter((mark) => read.statuses!.includes(mark.status)) : marks;
    },
  };
}

export type MarksService = ReturnType<typeof createMarksService>;
