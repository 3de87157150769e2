import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

describe('config, server time and quotes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t?.close());

  it('serves the public config without sign-in', async () => {
    const res = await t.call('GET', '/api/config/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      default_language: 'fa-IR',
      languages: ['fa-IR', 'en-US'],
      default_theme: 'light',
      open_registration: true,
      refresh_interval_ms: 86_400_000,
      timeframes: ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '12h', '1d'],
    });
    expect(res.body.app_name.fa).toBeTruthy();
  });

  it('tells the time, rounded to the second on request', async () => {
    const before = Date.now();
    const exact = await t.call('GET', '/api/core/utility/get_time/');
    const rounded = await t.call('GET', '/api/core/utility/get_time?rounded=true');
    const after = Date.now();
    expect(exact.body.timestamp).toBeGreaterThanOrEqual(before);
    expect(exact.body.timestamp).toBeLessThanOrEqual(after);
    expect(new Date(exact.body.iso).getTime()).toBe(exact.body.timestamp);
    expect(rounded.body.timestamp % 1000).toBe(0);
    expect(rounded.body.timestamp).toBeLessThanOrEqual(after);
    expect((await t.call('GET', '/api/core/utility/get_time/?rounded=perhaps')).status).toBe(422);
  });

  it('has sayings in Persian and English, random and by id', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 15; i++) {
      const res = await t.call('GET', '/api/quote/random');
      expect(res.status).toBe(200);
      expect(res.body.text.fa).toMatch(/[\u0600-\u06FF]/);
      expect(res.body.text.en).toMatch(/[A-Za-z]/);
      seen.add(res.body.id);
    }
    expect(seen.size).toBeGreaterThan(1);
    const [id] = [...seen];
    const one = await t.call('GET', `/api/quote/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(id);
    expect((await t.call('GET', '/api/quote/99999')).status).toBe(404);
    expect((await t.call('GET', '/api/quote/zero')).status).toBe(422);
  });
});
