/**
 * A child process of bench/scaleOut.ts holding many live_price websockets, so the clients' CPU is
 * not the measuring process's. Socket i connects to urls[i % urls.length]. For every `prices`
 * message it records, from the start, the batch's stamp (params.timestamp: the feed's Date.now() when it published
 * the batch; the hub passes it through unchanged to clients that follow the whole market) and the
 * delay from that stamp to receipt. Same machine, same clock, so the delay is end to end: feed →
 * Redis → API process → socket → client.
 *
 * Protocol with the parent (IPC): → {type:'ready'} once every socket is open; ← {type:'measure'}
 * from now on a closed socket is an error; ← {type:'report', after} → {type:'report', seen, delays}, per
 * socket the stamps received and their delays. The parent picks its window by stamp: an IPC
 * message late on a busy machine must not make a client look as if it missed batches.
 */
import WebSocket from 'ws';

const [urlsText, countText] = process.argv.slice(2);
const urls = JSON.parse(urlsText!) as string[];
const count = Number(countText);

// Only the head is read: a full parse of every message would measure the client, not the server.
const stampRe = /^\{"_type":"prices","params":\{[^}]*"timestamp":(\d+)\}/;

let measuring = false;
const seen: number[][] = [];
const delays: number[][] = [];
const sockets: WebSocket[] = [];
let opened = 0;

for (let i = 0; i < count; i++) {
  const stamps: number[] = [];
  const waits: number[] = [];
  seen.push(stamps);
  delays.push(waits);
  const ws = new WebSocket(urls[i % urls.length]!);
  sockets.push(ws);
  ws.on('open', () => {
    if (++opened === count) process.send!({ type: 'ready' });
  });
  ws.on('error', (error) => process.send!({ type: 'error', message: `socket ${i}: ${String(error)}` }));
  ws.on('close', (code) => {
    if (measuring) process.send!({ type: 'error', message: `socket ${i} closed with ${code} while measuring` });
  });
  ws.on('message', (data) => {
    const now = Date.now();
    const head = (data as Buffer).toString('utf8', 0, 200);
    const match = stampRe.exec(head);
    if (!match) return;
    const stamp = Number(match[1]);
    stamps.push(stamp);
    waits.push(now - stamp);
  });
}

/**
 * Reports once every socket received a batch stamped after the window (or 5 s passed): a socket
 * delivers in order, so by then whatever it got of the window has been read, and a batch it lacks
 * was truly missed rather than still waiting in this busy process's buffers.
 */
async function report(after: number) {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && seen.some((stamps) => !stamps.some((t) => t > after))) await new Promise((r) => setTimeout(r, 50));
  measuring = false;
  for (const ws of sockets) ws.terminate();
  process.send!({ type: 'report', seen, delays }, () => process.exit(0));
}

process.on('message', (msg: { type: string; after?: number }) => {
  if (msg.type === 'measure') measuring = true;
  if (msg.type === 'report') void report(msg.after!);
});
