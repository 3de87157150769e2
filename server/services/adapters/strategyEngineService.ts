import { z } from 'zod';
import type { StrategyEngine } from '../../engine/strategyEngine';
import { ConflictError } from '../../domain/errors';
import type { ServiceAdapter } from '../managedService';

/**
 * `strategy-engine`: the scoring engine and the paper broker that fills orders on its prices.
 * A failed pass is shown in the figures (`last_pass_error`) but is not a crash: the engine goes on
 * with the next candle, and a restart would rebuild every scorer for nothing.
 */
export function strategyEngineService(deps: {
  engine: StrategyEngine;
  paperBroker: { start(): Promise<void>; stop(): Promise<void> };
}): ServiceAdapter {
  const { engine, paperBroker } = deps;
  return {
    name: 'strategy-engine',
    kind: 'strategy-engine',
    market: null,
    async start() {
      await engine.start();
      await paperBroker.start();
    },
    async stop() {
      await paperBroker.stop();
      await engine.stop();
    },
    async data() {
      const status = engine.status();
      return { ...status.data, last_pass_error: status.last_error };
    },
    commands: {
      refresh: {
        destructive: false,
        args: z.object({}),
        async run() {
          if (engine.status().status !== 'running') throw new ConflictError('strategy-engine is stopped; start it first');
          await engine.refresh();
          const { subscriptions, scorers } = engine.status().data;
          return { subscriptions, scorers };
        },
      },
    },
  };
}
