import type { Candle } from '../../../contract/market/klines';
import { BinanceApiError, BinanceDataError, BinanceError, BinanceRateLimitError } from './binanceErrors';
import { parseErrorBody, parseKlinePage } from './binanceParse';

/** Binance's largest `limit` for `/api/v3/klines`. */
export const BINANCE_PAGE_LIMIT = 1000;

export interface BinanceRestOptions {
  /** e.g. `https://api.binance.com` (BINANCE_REST_URL). */
  baseUrl: string;
  /** One request's time limit; a slow answer counts as a failure and is retried. */
  timeoutMs?: number;
  /** Tries per request, the first included. */
  maxAttempts?: number;
  /** First backoff after a failure without Retry-After; doubles each time up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * Longest Retry-After we wait for. A 418 (IP ban) can ask for days: better to fail the task and
   * say so than to hold it that long.
   */
  maxRetryAfterMs?: number;
  pageLimit?: number;
  /** Injected by tests so that a Retry-After of seconds does not slow the suite. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface KlineRangeRequest {
  symbol: string;
  /** Binance's interval name; ours are the same strings (`1m`, `4h`, `1d`…). */
  interval: string;
  intervalMs: number;
  /** First and last open_time wanted, inclusive. */
  startTime: number;
  endTime: number;
  signal?: AbortSignal;
}

const abortableSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Retry-After is seconds or an HTTP date. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

async function readJson(response: Response, url: string): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new BinanceDataError(`Binance answered ${response.status} with a body that is not JSON: ${text.slice(0, 80)} [${url}]`);
  }
}

export function createBinanceRest(options: BinanceRestOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const maxRetryAfter = options.maxRetryAfterMs ?? 120_000;
  const pageLimit = options.pageLimit ?? BINANCE_PAGE_LIMIT;
  const sleep = options.sleep ?? abortableSleep;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  /**
   * One GET with the protocol's failure rules: 429/418 wait for Retry-After (or back off) and try
   * again; 5xx, timeouts and refused connections back off and try again; any other 4xx is the
   * caller's mistake and fails at once with Binance's `{code, msg}`.
   */
  async function getJson(path: string, params: Record<string, string | number>, signal?: AbortSignal): Promise<unknown> {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const url = `${baseUrl}${path}?${query}`;
    let lastError: BinanceError = new BinanceError(`Binance request was not tried [${url}]`);
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const backoff = Math.min(backoffMs * 2 ** (attempt - 1), maxBackoffMs);
      let delay = backoff;
      let response: Response;
      try {
        const timeout = AbortSignal.timeout(timeoutMs);
        response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String((error as Error).cause ?? error);
        lastError = new BinanceError(`Binance is unreachable: ${reason} [${url}]`);
        if (attempt < maxAttempts) await sleep(delay, signal);
        continue;
      }
      if (response.ok) return readJson(response, url);
      const body = await readJson(response, url).catch(() => undefined);
      const error = parseErrorBody(body);
      if (response.status === 429 || response.status === 418) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        const detail = `${error?.msg ?? 'rate limited'}${wait !== undefined ? `; Retry-After ${wait / 1000} s` : ''}`;
        if (wait !== undefined && wait > maxRetryAfter) throw new BinanceRateLimitError(response.status, wait, `${detail}, longer than we wait`);
        lastError = new BinanceRateLimitError(response.status, wait, detail);
        delay = wait ?? backoff;
      } else if (response.status >= 500) {
        lastError = new BinanceApiError(response.status, error?.code, error?.msg ?? 'server error', url);
      } else {
        throw new BinanceApiError(response.status, error?.code, error?.msg ?? 'request refused', url);
      }
      if (attempt < maxAttempts) await sleep(delay, signal);
    }
    throw lastError;
  }

  /**
   * Candles of one symbol in [startTime, endTime], a page (≤ 1000) at a time, oldest first. Each
   * page starts one interval after the last candle of the one before, so no candle is fetched twice.
   */
  async function* klinePages(request: KlineRangeRequest): AsyncIterable<Candle[]> {
    const { symbol, interval, intervalMs, endTime, signal } = request;
    let start = request.startTime;
    while (start <= endTime) {
      const body = await getJson('/api/v3/klines', { symbol, interval, startTime: start, endTime, limit: pageLimit }, signal);
      const page = parseKlinePage(body);
      for (let i = 1; i < page.length; i++) {
        if (page[i]!.open_time <= page[i - 1]!.open_time) {
          throw new BinanceDataError(`Binance klines of ${symbol} are out of order at row ${i}`);
        }
      }
      const inRange = page.filter((c) => c.open_time >= start && c.open_time <= endTime);
      if (inRange.length > 0) yield inRange;
      if (page.length < pageLimit) return;
      const next = page.at(-1)!.open_time + intervalMs;
      if (next <= start) throw new BinanceDataError(`Binance klines of ${symbol} did not advance past ${start}`);
      start = next;
    }
  }

  return { getJson, klinePages };
}

export type BinanceRest = ReturnType<typeof createBinanceRest>;
