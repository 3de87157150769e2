import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of Redis that a test can stall (bytes wait, as on a congested or
 * partitioned network, and flow again on resume) or cut (every connection reset, as when a
 * process's network goes away). Real sockets: the client under test sees real timeouts and resets.
 */
export interface PausableProxy {
  url: string;
  pause(): void;
  resume(): void;
  cut(): void;
  close(): Promise<void>;
}

export async function startPausableProxy(target = { host: '127.0.0.1', port: 6379 }): Promise<PausableProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let paused = false;
  const server: Server = createServer((client) => {
    const upstream = createConnection(target);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (paused) pair.forEach((socket) => socket.pause());
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop).on('error', drop);
    upstream.on('close', drop).on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const cut = () => {
    for (const [client, upstream] of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  return {
    url: `redis://127.0.0.1:${port}`,
    pause() {
      paused = true;
      for (const pair of pairs) pair.forEach((socket) => socket.pause());
    },
    resume() {
      paused = false;
      for (const pair of pairs) pair.forEach((socket) => socket.resume());
    },
    cut,
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
