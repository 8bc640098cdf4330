import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Calls, type Endpoint } from '@openfind/contract';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeTenant } from './support/factories.js';

/**
 * The table of calls (packages/contract/src/calls.ts) is the one description of the API: every
 * route of /find and /oga comes from an entry, with its method, path, schemas and access, and the
 * OpenAPI document says the same.
 */
const entries = Object.entries(Calls) as [string, Endpoint][];

type Operation = { tags?: string[]; summary?: string };
let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // The default institution (empty mapping path): the calls below send no mappingPath header.
  await makeTenant(t, { mappingPath: '' });
  doc = (await t.app.inject({ url: '/api/docs/json' })).json();
}, 120_000);
afterAll(async () => t?.close());

describe('the table of calls', () => {
  it('registers each entry as a route of its method and path', () => {
    for (const [name, e] of entries) {
      expect(t.app.hasRoute({ method: e.method, url: e.path }), `${name}: ${e.method} ${e.path}`).toBe(true);
    }
  });

  it('describes every entry in the OpenAPI document under its module, with its summary', () => {
    for (const [name, e] of entries) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()];
      expect(op?.tags, name).toEqual([e.tag]);
      expect(op?.summary, name).toBe(e.summary);
    }
  });

  it('is the only source of the /find and /oga routes', () => {
    const inTable = new Set(entries.map(([, e]) => `${e.method} ${e.path}`));
    const routes = Object.entries(doc.paths)
      .filter(([path]) => /^\/(find|oga)\//.test(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((r) => !r.startsWith('HEAD '));
    expect(routes.filter((r) => !inTable.has(r))).toEqual([]);
    expect(routes).toHaveLength(inTable.size);
  });

  it('answers 401 to a visitor on every reader call, whatever it sends, before reading it', async () => {
    const readerCalls = entries.filter(([, e]) => e.access === 'reader');
    expect(readerCalls.length).toBeGreaterThan(5);
    for (const [name, e] of readerCalls) {
      const res = await t.call({
        method: e.method,
        url: e.path,
        ...(e.method === 'POST' ? { body: { recordId: 'not a number', page: -1 } } : { query: { page: '-1' } }),
      });
      expect(res.statusCode, name).toBe(401);
      expect(envelopeOf(res).errCode, name).toBe(401);
    }
  });

  it('answers 401 to a visitor on every staff call, whatever it sends, before reading it', async () => {
    // Who else is let in or refused, call by call: staff-access.test.ts.
    const staffCalls = entries.filter(([, e]) => e.access === 'staff' || e.access === 'admin');
    expect(staffCalls.length).toBeGreaterThan(5);
    for (const [name, e] of staffCalls) {
      const res = await t.call({
        method: e.method,
        url: e.path,
        ...(e.method === 'POST' ? { body: { barcode: 7, reader: null } } : { query: { reader: '' } }),
      });
      expect(res.statusCode, name).toBe(401);
      expect(envelopeOf(res).errCode, name).toBe(401);
    }
  });

  it('keeps the state-changing GETs to the header token (the cross-site rule)', async () => {
    const changing = entries.filter(([, e]) => e.changesState).map(([name]) => name);
    expect(changing.sort()).toEqual(['sendBindCode', 'updateUserMailAndPhoneGet']);
    for (const name of changing) expect(Calls[name as keyof typeof Calls].method).toBe('GET');
  });
});
