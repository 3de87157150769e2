import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extraHttpEndpoints, httpEndpoints, routeTable, socketEndpoints } from '../../contract/routes';

const TSV = join(import.meta.dirname, '..', '..', '..', 'shared', 'spec', 'endpoints.tsv');

function specRows() {
  const [, ...rows] = readFileSync(TSV, 'utf8').trim().split('\n');
  return rows.map((row) => {
    const [method, path, access, area] = row.split('\t');
    return { method: method!, path: path!, access: access!, area: area! };
  });
}

describe('the route table', () => {
  const rows = specRows();

  it('has exactly the 130 rows of endpoints.tsv, with their method, path, access and area', () => {
    expect(rows).toHaveLength(130);
    const key = (r: { method: string; path: string; access: string; area: string }) =>
      `${r.method} ${r.path} ${r.access} ${r.area}`;
    expect(routeTable.map(key).sort()).toEqual(rows.map(key).sort());
    expect(httpEndpoints).toHaveLength(127);
    expect(socketEndpoints).toHaveLength(3);
  });

  it('keeps the calls beyond the spec (the audit log) apart: their paths are not the spec\'s and their ids are unique', () => {
    const specKeys = new Set(rows.map((r) => `${r.method} ${r.path}`));
    expect(extraHttpEndpoints.length).toBeGreaterThan(0);
    for (const extra of extraHttpEndpoints) expect(specKeys.has(`${extra.method} ${extra.path}`), extra.id).toBe(false);
    const ids = [...routeTable, ...extraHttpEndpoints].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names every call uniquely', () => {
    const ids = routeTable.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares a params schema naming exactly the placeholders of each path', () => {
    for (const endpoint of routeTable) {
      const placeholders = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
      expect(declared, endpoint.id).toEqual(placeholders);
    }
  });

  it('turns every schema into JSON Schema, as the OpenAPI document needs', () => {
    for (const endpoint of httpEndpoints) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = endpoint[part];
        if (schema) expect(() => z.toJSONSchema(schema, { io: 'input' }), `${endpoint.id} ${part}`).not.toThrow();
      }
      expect(() => z.toJSONSchema(endpoint.response, { io: 'output' }), `${endpoint.id} response`).not.toThrow();
    }
  });

  it('gives every websocket a token query and message unions keyed by _type', () => {
    for (const socket of socketEndpoints) {
      expect(Object.keys(socket.query.shape), socket.id).toContain('token');
      // DOMAIN.md: the client's heartbeat is exactly { "_type": "ping" }.
      const ping = socket.clientMessage.safeParse({ _type: 'ping' });
      expect(ping.success, `${socket.id} accepts ping`).toBe(true);
      const junk = socket.serverMessage.safeParse({ _type: 'no-such-type', params: {}, data: {} });
      expect(junk.success, `${socket.id} refuses an unknown _type`).toBe(false);
    }
  });
});
