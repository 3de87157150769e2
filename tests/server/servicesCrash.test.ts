import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server';
import { startBinancePeer, type BinancePeer } from './support/binancePeer';
import { openSocket, ready, waitFor } from './support/servicesSockets';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * A crashing service is restarted with backoff, with no test hook in the server: the crypto
 * market prefers its binance source, pointed at a local peer speaking Binance's protocol; when
 * the peer drops the stream (as Binance does after 24 h), the feed fails, shows `error` with its
 * last error, and the service manager restarts it 1 s later, then 2 s after a second crash.
 */

const LIST = '/api/core/market/list';
const FEED = 'market-feed:crypto';

describe('service crash restart', () => {
  let ts: TestServer;
  let peer: BinancePeer;
  let server: RunningServer;
  let admin: string;

  const get = async (path: string) => {
    const response = await fetch(server.url + path, { headers: { authorization: `Bearer ${admin}` } });
    return (await response.json()) as any;
  };
  const status = () => get(`/api/service_manager/service_status?service_name=${FEED}`);

  beforeAll(async () => {
    peer = await startBinancePeer({ now: Date.now() });
    // A first server (feeds off) makes binance the crypto market's preferred source…
    ts = await startTestServer();
    admin = await ts.adminToken();
    const sources = (await ts.call('GET', `${LIST}/sources?market=crypto`, { token: admin })).body.data as { id: number; name: string }[];
    const binance = sources.find((s) => s.name === 'binance')!;
    expect((await ts.call('PUT', `${LIST}/sources/${binance.id}`, { token: admin, json: { priority: 1 } })).status).toBe(200);
    // …and a second one on the same database runs the feeds against the peer.
    server = await startServer({
      ...ts.config,
      feedEnabled: true,
      feedBackfillDays: 0,
      binanceRestUrl: peer.restUrl,
      binanceWsUrl: peer.wsUrl,
    });
    await waitFor(async () => (await status()).status === 'running');
    await peer.waitForConnections(1);
  });
  afterAll(async () => {
    await server?.close();
    await ts?.close();
    await peer?.close();
  });

  it('shows a dropped source as error with its last error, restarts it after 1 s, then backs off to 2 s', async () => {
    const before = await status();
    expect(before).toMatchObject({ status: 'running', restart_count: 0, last_error: null, data: null });
    expect(before.commands.map((c: { name: string }) => c.name)).toContain('subscribe');
    const adminSocket = openSocket(server, `/api/ws/app?token=${admin}`);
    await ready(adminSocket);

    peer.dropConnections();
    await waitFor(async () => (await status()).status === 'error');
    const crashed = await status();
    expect(crashed.last_error.message).toContain('Binance stream closed');
    expect(crashed.next_restart_at).not.toBeNull();
    expect(Date.parse(crashed.next_restart_at) - Date.parse(crashed.last_error.at)).toBeGreaterThanOrEqual(1000);
    expect(Date.parse(crashed.next_restart_at) - Date.parse(crashed.last_error.at)).toBeLessThan(2000);

    // Restarted by the manager: a new stream to the peer, running again, counted once.
    await waitFor(async () => (await status()).status === 'running');
    await peer.waitForConnections(1);
    const restarted = await status();
    expect(restarted).toMatchObject({ status: 'running', restart_count: 1, next_restart_at: null });
    expect(restarted.last_error).toEqual(crashed.last_error);
    expect(Date.parse(restarted.started_at)).toBeGreaterThan(Date.parse(before.started_at));

    // A second crash soon after: the delay doubles.
    peer.dropConnections();
    await waitFor(async () => (await status()).status === 'error');
    const again = await status();
    expect(Date.parse(again.next_restart_at) - Date.parse(again.last_error.at)).toBeGreaterThanOrEqual(2000);
    expect(Date.parse(again.next_restart_at) - Date.parse(again.last_error.at)).toBeLessThan(4000);

    // A manual stop cancels the pending restart.
    const stop = await fetch(`${server.url}/api/service_manager/send_service_command?service_name=${FEED}&command=stop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(stop.status).toBe(200);
    expect(await status()).toMatchObject({ status: 'stopped', next_restart_at: null, restart_count: 1 });

    // The admin's app socket saw the crash and the restart as `service` messages.
    const seen = () => adminSocket.messages.filter((m) => m._type === 'service' && m.params.service_name === FEED).map((m) => m.data.status);
    await waitFor(() => seen().includes('stopped'));
    expect(seen()).toEqual(expect.arrayContaining(['error', 'running', 'stopped']));
    adminSocket.ws.close();
  });
});
