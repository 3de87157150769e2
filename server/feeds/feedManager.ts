import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Store } from '../store/database';
import type { Bus } from '../live/bus';
import type { KlinesService } from '../domain/klines/klinesService';
import type { MarketsService } from '../domain/markets/marketsService';
import type { TaskRunner } from '../domain/tasks/taskRunner';

/** Starts and stops the market data sources of every active market (issue 4). */
export function createFeedManager(_deps: {
  config: Config;
  store: Store;
  bus: Bus;
  markets: MarketsService;
  klines: KlinesService;
  tasks: TaskRunner;
  log: FastifyBaseLogger;
}) {
  return {
    async start() {},
    async stop() {},
  };
}

export type FeedManager = ReturnType<typeof createFeedManager>;
