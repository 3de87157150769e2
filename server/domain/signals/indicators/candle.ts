/** One closed candle as the kernel sees it: plain numbers, times in epoch ms (UTC). */
export interface Candle {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
