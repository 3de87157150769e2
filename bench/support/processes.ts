import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

/** Starting and stopping real server processes (`node --import tsx server/main.ts`) for the scale-out bench. */

const ROOT = join(import.meta.dirname, '..', '..');

export interface ServerProcess {
  name: string;
  child: ChildProcess;
  /** The HTTP address, once the process said it listens (undefined for a process that serves no HTTP). */
  url: Promise<string>;
  /** Everything the process printed, for the error when it fails. */
  output: () => string;
}

/** A free loopback port: the bench picks it, so LOG_LEVEL can stay quiet (no "listening" line to read). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  let output = '';
  const port = await freePort();
  // node itself, not the tsx wrapper, so a kill reaches the server and not only a launcher.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    // Keep the tail only: a long run logs a lot and only the last lines explain a failure.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const address = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output}`))));
  exited.catch(() => undefined);
  /** Any HTTP answer (even 401) means the server is up. */
  const answering = async () => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) return exited;
      const ok = await fetch(`${address}/api/core/market/klines`).then(() => true, () => false);
      if (ok) return address;
      if (Date.now() > deadline) throw new Error(`${name} did not answer HTTP within 90 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const url = Promise.race([answering(), exited]);
  url.catch(() => undefined); // a feed process may never listen; whoever awaits it sees the error
  return { name, child, url, output: () => output };
}

/** SIGTERM (a clean close), then SIGKILL if the process has not gone within 5 s. */
export function stopServerProcess(server: ServerProcess): Promise<void> {
  const { child } = server;
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
