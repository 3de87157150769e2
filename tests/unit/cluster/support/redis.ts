import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis these tests run against (`.ci/run` starts it); each test isolates itself by prefix. */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A prefix no other test (or run) uses, so tests can share one Redis. */
export const uniquePrefix = (what: string) => `test:${what}:${randomUUID().slice(0, 8)}:`;

/** A plain connection for looking at Redis from outside (PUBSUB, CLIENT LIST, GET). */
export function adminConnection(): Redis {
  return new Redis(REDIS_URL, { connectionName: 'test-admin' });
}

/** Ids of the connections whose `CLIENT SETNAME` is `name`. */
export async function clientIds(admin: Redis, name: string): Promise<string[]> {
  const list = (await admin.client('LIST')) as string;
  return list
    .split('\n')
    .filter((line) => line.includes(` name=${name} `))
    .map((line) => /(?:^|\s)id=(\d+)/.exec(line)![1]!);
}

/** Subscribers Redis counts on one channel, across every process. */
export async function channelSubscribers(admin: Redis, channel: string): Promise<number> {
  const reply = (await admin.pubsub('NUMSUB', channel)) as [string, number];
  return Number(reply[1]);
}
