/**
 * Fan-out of live prices: 1,000 websocket clients on one market of 200 symbols, 4 updates per
 * symbol per second, ~10 s, loopback only. Phase 1 runs the real server (simulated feed → bus →
 * price hub → /api/ws/market/crypto/live_price); phase 2 a bare `ws` server broadcasting the same
 * messages in a loop. Clients live in child processes so the server's CPU is its own.
 *   npx tsx bench/fanout.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';

const CLIENTS = 1000;
const CHILDREN = 2;
const SYMBOLS = 200;
const INTERVAL_MS = 250;
const MEASURE_MS = 10_000;
const WARMUP_MS = 1500;

// ---------------------------------------------------------------- client side (child process)
if (process.argv[2] === 'client') {
  const [url, countText] = process.argv.slice(3);
  const count = Number(countText);
  let window: { t0: number; t1: number } | undefined;
  const perClient: number[][] = [];
  const latencies: number[] = [];
  const sockets: WebSocket[] = [];
  let opened = 0;
  const stampRe = /"params":\{[^}]*"timestamp":(\d+)\},"data":\[\{[^}]*?"timestamp":(\d+)/;
  for (let i = 0; i < count; i++) {
    const seen: number[] = [];
    perClient.push(seen);
    const ws = new WebSocket(url!);
    sockets.push(ws);
    ws.on('open', () => {
      if (++opened === count) process.send!({ type: 'ready' });
    });
    ws.on('error', (error) => process.send!({ type: 'error', message: String(error) }));
    ws.on('message', (data) => {
      const now = Date.now();
      // Only the head is read: a full parse of every 50 kB message would measure the client.
      const head = data.toString('utf8', 0, 400);
      if (!head.startsWith('{"_type":"prices"')) return;
      const m = stampRe.exec(head);
      if (!m || !window) return;
      const batch = Number(m[1]);
      if (batch < window.t0 || batch > window.t1) return;
      seen.push(batch);
      latencies.push(now - Number(m[2]));
    });
  }
  process.on('message', (msg: { type: string; t0?: number; t1?: number }) => {
    if (msg.type === 'measure') window = { t0: msg.t0!, t1: msg.t1! };
    if (msg.type === 'report') {
      for (const ws of sockets) ws.terminate();
      process.send!({ type: 'report', perClient, latencies }, () => process.exit(0));
    }
  });
}

// ---------------------------------------------------------------- server side (main process)
interface PhaseResult {
  label: string;
  batches: number;
  clientsWithEveryBatch: number;
  messages: number;
  messagesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  cpuCores: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function runClients(url: string, published: () => number[], label: string): Promise<PhaseResult> {
  const children: ChildProcess[] = [];
  const ready: Promise<void>[] = [];
  for (let c = 0; c < CHILDREN; c++) {
    const child = fork(process.argv[1]!, ['client', url, String(CLIENTS / CHILDREN)], { execArgv: process.execArgv });
    children.push(child);
    ready.push(
      new Promise((resolve, reject) =>
        child.on('message', (m: { type: string; message?: string }) => {
          if (m.type === 'ready') resolve();
          if (m.type === 'error') reject(new Error(m.message));
        }),
      ),
    );
  }
  await Promise.all(ready);
  await sleep(WARMUP_MS);
  const t0 = Date.now();
  const t1 = t0 + MEASURE_MS;
  for (const child of children) child.send({ type: 'measure', t0, t1 });
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  await sleep(MEASURE_MS);
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - wall0;
  await sleep(1000); // let the last batches of the window arrive
  const reports = await Promise.all(
    children.map(
      (child) =>
        new Promise<{ perClient: number[][]; latencies: number[] }>((resolve) => {
          child.on('message', (m: { type: string; perClient: number[][]; latencies: number[] }) => {
            if (m.type === 'report') resolve(m);
          });
          child.send({ type: 'report' });
        }),
    ),
  );
  const batches = published().filter((t) => t >= t0 && t <= t1);
  const want = new Set(batches);
  const perClient = reports.flatMap((r) => r.perClient);
  const clientsWithEveryBatch = perClient.filter((seen) => [...want].every((t) => seen.includes(t))).length;
  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const messages = perClient.reduce((n, seen) => n + seen.length, 0);
  return {
    label,
    batches: batches.length,
    clientsWithEveryBatch,
    messages,
    messagesPerSecond: Math.round(messages / (MEASURE_MS / 1000)),
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    cpuCores: (cpu.user + cpu.system) / 1000 / wall,
  };
}

async function realServer(): Promise<PhaseResult> {
  const { loadConfig } = await import('../server/config');
  const { startServer } = await import('../server/server');
  const { SymbolCreate } = await import('../contract/market/lists');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-fanout-'));
  const env = {
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    FIRST_SUPERUSER: 'bench@bazaar.test',
    FIRST_SUPERUSER_PASSWORD: 'bench-password-1',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    STATIC_DIR: join(dataDir, 'none'),
    FEED_BACKFILL_DAYS: '0',
  };
  // First run, feeds off: make crypto a market of 200 symbols ticking every 250 ms.
  let server = await startServer(loadConfig({ ...env, FEED_ENABLED: 'false' }));
  const { markets } = server.app.ctx.services;
  const existing = (await markets.activeSymbols('crypto')).map((s) => s.name);
  for (let i = existing.length; i < SYMBOLS; i++) {
    const body = SymbolCreate.parse({
      market: 'crypto',
      name: `BENCH${i}USDT`,
      title: { fa: `بنچ ${i}`, en: `Bench ${i}` },
      main_symbol: `BENCH${i}`,
      quote_symbol: 'USDT',
    });
    await markets.lists.set('symbols', body);
  }
  await markets.settings.set('crypto', 'live_interval_ms', INTERVAL_MS);
  await server.close();

  server = await startServer(loadConfig({ ...env, FEED_ENABLED: 'true' }));
  try {
    const login = await fetch(`${server.url}/api/user/auth/access-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: env.FIRST_SUPERUSER, password: env.FIRST_SUPERUSER_PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const symbols = (await server.app.ctx.services.markets.activeSymbols('crypto')).length;
    const published: number[] = [];
    await server.app.ctx.bus.subscribe('market:crypto:prices', (m) => {
      const batch = m as { timestamp: number; data: unknown[] };
      if (batch.data.length > 0) published.push(batch.timestamp);
    });
    const url = `${server.url.replace(/^http/, 'ws')}/api/ws/market/crypto/live_price?token=${token}`;
    const result = await runClients(url, () => published, `server (${symbols} symbols)`);
    return result;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The floor: a bare ws server sending one pre-serialised message of the same size to every client. */
async function bareWs(sample: string): Promise<PhaseResult> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  const published: number[] = [];
  const timer = setInterval(() => {
    const t = Date.now();
    published.push(t);
    const text = sample.replace(/"timestamp":\d+/g, `"timestamp":${t}`);
    for (const client of wss.clients) client.send(text);
  }, INTERVAL_MS);
  try {
    return await runClients(`ws://127.0.0.1:${port}`, () => published, 'bare ws broadcast');
  } finally {
    clearInterval(timer);
    for (const c of wss.clients) c.terminate();
    await new Promise((r) => wss.close(r));
  }
}

function samplePrices(): string {
  const data = Array.from({ length: SYMBOLS }, (_, i) => ({
    symbol: `BENCH${i}USDT`,
    price: 123.4567,
    timestamp: 0,
    open_24h: 120.5,
    change_24h_pct: 2.4536,
    high_24h: 125.12,
    low_24h: 119.02,
    volume_24h: 123456.789,
    candle: { open_time: 0, open: 123.1, high: 123.6, low: 123.0, close: 123.4567, volume: 12.3456 },
  }));
  return JSON.stringify({ _type: 'prices', params: { market: 'crypto', source: 'simulated', timestamp: 0 }, data });
}

if (process.argv[2] !== 'client') {
  const line = (r: PhaseResult) =>
    `${r.label.padEnd(26)} batches ${String(r.batches).padStart(3)}  every-batch clients ${String(r.clientsWithEveryBatch).padStart(4)}/${CLIENTS}  ` +
    `msgs/s ${String(r.messagesPerSecond).padStart(5)}  latency p50 ${r.p50} ms p99 ${r.p99} ms max ${r.max} ms  CPU ${r.cpuCores.toFixed(2)} cores`;
  console.log(`fan-out: ${CLIENTS} clients, ${SYMBOLS} symbols, ${1000 / INTERVAL_MS} updates/symbol/s, ${MEASURE_MS / 1000} s, loopback (${CHILDREN} client processes)`);
  const server = await realServer();
  console.log(line(server));
  const bare = await bareWs(samplePrices());
  console.log(line(bare));
  console.log(
    `ratio server/bare: msgs/s ${(server.messagesPerSecond / bare.messagesPerSecond).toFixed(2)}, p99 latency ${(server.p99 / Math.max(1, bare.p99)).toFixed(2)}, CPU ${(server.cpuCores / Math.max(0.01, bare.cpuCores)).toFixed(2)}`,
  );
  process.exit(0);
}
