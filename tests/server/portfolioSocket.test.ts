import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PortfolioServerMessage } from '../../contract/portfolio/socket';
import { startTestServer, type TestServer } from './support/testServer';

const M = '/api/portfolio/manager';

describe('/api/ws/portfolio/{id}', () => {
  let ts: TestServer;
  let token: string;
  let other: string;
  let pid: number;
  let otherPid: number;

  const connect = (id: number, t: string) => new WebSocket(`${ts.url.replace(/^http/, 'ws')}/api/ws/portfolio/${id}?token=${encodeURIComponent(t)}`);
  const closeCode = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

  beforeAll(async () => {
    ts = await startTestServer();
    token = (await ts.createUser('owner@bazaar.test')).token;
    other = (await ts.createUser('stranger@bazaar.test')).token;
    pid = (await ts.call('POST', '/api/portfolio/', { token, json: { name: 'Mine', market: 'crypto' } })).body.id;
    otherPid = (await ts.call('POST', '/api/portfolio/', { token: other, json: { name: 'Theirs', market: 'crypto' } })).body.id;
  });
  afterAll(async () => ts?.close());

  it('closes 4401 on a bad token and 4403 on another user\'s or an unknown portfolio', async () => {
    expect(await closeCode(connect(pid, 'not-a-token'))).toBe(4401);
    expect(await closeCode(connect(otherPid, token))).toBe(4403);
    expect(await closeCode(connect(999999, token))).toBe(4403);
    await expect.poll(() => ts.server.app.ctx.liveClients.count('portfolio')).toBe(0);
  });

  it('pushes balance messages of its own portfolio only, and answers ping', async () => {
    const socket = connect(pid, token);
    const received: PortfolioServerMessage[] = [];
    socket.on('message', (data) => {
      const parsed = PortfolioServerMessage.safeParse(JSON.parse(data.toString()));
      expect(parsed.success).toBe(true);
      if (parsed.success) received.push(parsed.data);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    await expect.poll(() => ts.server.app.ctx.liveClients.count('portfolio')).toBe(1);
    socket.send(JSON.stringify({ _type: 'ping' }));
    await expect.poll(() => received.some((m) => m._type === 'pong')).toBe(true);

    await ts.call('POST', `${M}/set_new_balance`, { token: other, json: { portfolio_id: otherPid, type: 10, symbol: 'USDT', amount: '5' } });
    const mine = await ts.call('POST', `${M}/set_new_balance`, { token, json: { portfolio_id: pid, type: 10, symbol: 'USDT', amount: '7' } });
    expect(mine.status).toBe(200);
    await expect.poll(() => received.filter((m) => m._type === 'balance').length).toBe(1);
    const balance = received.find((m) => m._type === 'balance')!;
    expect(balance).toMatchObject({ params: { portfolio_id: pid, symbols: ['USDT'] }, data: { transaction: { amount: '7' } } });

    const closed = closeCode(socket);
    socket.close();
    await closed;
    await expect.poll(() => ts.server.app.ctx.liveClients.count('portfolio')).toBe(0);
  });

  it('tells an edit (portfolio changed) and a delete (portfolio deleted, then the socket closes)', async () => {
    const doomed = (await ts.call('POST', '/api/portfolio/', { token, json: { name: 'Doomed', market: 'crypto' } })).body.id;
    const socket = connect(doomed, token);
    const received: PortfolioServerMessage[] = [];
    socket.on('message', (data) => received.push(PortfolioServerMessage.parse(JSON.parse(data.toString()))));
    await new Promise((resolve) => socket.once('open', resolve));
    await expect.poll(() => ts.server.app.ctx.liveClients.count('portfolio')).toBe(1);
    const closed = closeCode(socket);

    expect((await ts.call('PUT', `/api/portfolio/${doomed}`, { token, json: { name: 'Renamed' } })).status).toBe(200);
    await expect.poll(() => received.find((m) => m._type === 'portfolio')).toMatchObject({ params: { portfolio_id: doomed, reason: 'changed' }, data: { name: 'Renamed' } });
    expect((await ts.call('DELETE', `/api/portfolio/${doomed}`, { token })).status).toBe(200);
    expect(await closed).toBe(1000);
    expect(received.filter((m) => m._type === 'portfolio').map((m) => (m.params as { reason: string }).reason)).toEqual(['changed', 'deleted']);
  });
});
