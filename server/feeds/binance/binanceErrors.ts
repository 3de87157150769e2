/**
 * Failures of the Binance adapter, each saying what went wrong in words an operator can act on
 * (they end up as the feed service's last error).
 */
export class BinanceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Binance answered with its `{code, msg}` error body (an unknown symbol, a bad parameter…). */
export class BinanceApiError extends BinanceError {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    readonly binanceMessage: string,
    readonly url: string,
  ) {
    super(`Binance answered ${status}${code !== undefined ? ` (code ${code})` : ''}: ${binanceMessage} [${url}]`);
  }
}

/** 429 or 418 and still limited after the retries, or asked to wait longer than we may. */
export class BinanceRateLimitError extends BinanceError {
  constructor(
    readonly status: number,
    readonly retryAfterMs: number | undefined,
    detail: string,
  ) {
    super(`Binance rate limit (${status}): ${detail}`);
  }
}

/** An answer that is not what the protocol promises (not JSON, a row of the wrong shape). */
export class BinanceDataError extends BinanceError {}
