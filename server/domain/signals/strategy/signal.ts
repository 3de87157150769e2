/**
 * A signal is a CROSSING of a level by the total score, not a level held: a buy when the score was
 * below `entry` on the previous candle and reaches it now (previous < entry ≤ total), a sell when
 * it was above `exit` and falls to it (previous > exit ≥ total). A score that stays at 80 gives one
 * buy, not one per candle. Since exit < entry, one step never gives both. A NaN previous score (none
 * yet) gives no signal; callers pass the previous total only when the scorer was ready then too.
 */
export function detectSignal(previousTotal: number, total: number, entry: number, exit: number): 'buy' | 'sell' | null {
  if (previousTotal < entry && total >= entry) return 'buy';
  if (previousTotal > exit && total <= exit) return 'sell';
  return null;
}
