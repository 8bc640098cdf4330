import { ApiPath } from '@openfind/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH, tokenOf } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';

/**
 * A bounded, seeded fuzz run over every route of the OpenAPI document the server builds from the
 * zod contract (/api/docs/json): each call gets plausible requests generated from its schema, most
 * of them with one to three values replaced by hostile ones (NUL and other control characters, lone
 * surrogates, numbers past int4 and 2^53, NaN-ish strings, wrong types, 10,000-level nesting, very
 * long strings, arrays where scalars go), as an anonymous visitor and as a logged-in reader. No
 * request may get a 5xx. A failure prints the call and the exact request, to replay it.
 *
 * FUZZ_SEED and FUZZ_ROUNDS change the run (for a longer hunt); the suite runs the defaults.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 25);
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 3);

/** A small seeded generator (mulberry32): the same seed, the same requests. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof random>;

/** Stands for a 10,000-level array or object in a body; replaced in the JSON text (no recursion here). */
const DEEP_ARRAY = '\u0001deep-array\u0001';
const DEEP_OBJECT = '\u0001deep-object\u0001';
const DEPTH = 10_000;

const HOSTILE: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '三体\u0000',
  '\u0000\u0000\u0000',
  '\uD800',
  'a\uDFFFb',
  '\uDC00\uD800',
  '三\uD83D',
  '\u0001\u0002\u001b\u001f\u007f',
  '\u0085\u2028\u2029\uFEFF\uFFFE\uFFFF',
  'a\tb\nc\rd',
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
  -1,
  0,
  1.5,
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '-1',
  '0',
  '00000000001',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  ' 7 ',
  '',
  ' ',
  true,
  false,
  null,
  [],
  {},
  [null],
  [[[]]],
  { a: 1 },
  ['\u0000'],
  [2 ** 31],
  ['9999999999'],
  [1, '2', null, {}],
  'x'.repeat(100_000),
  '三'.repeat(20_000),
  '\u0000'.repeat(5000),
  "'; DROP TABLE reader; --",
  '%',
  '_%_',
  '\\',
  '.*(',
  '[',
  '(?:',
  '*',
  '"',
  "'",
  '!!',
  ' & | ! ( ) : * ',
  ':*',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  DEEP_ARRAY,
  DEEP_OBJECT,
];

/** Whole bodies that are not an object at all (sent as raw text). */
const HOSTILE_BODIES: readonly string[] = [
  '',
  '   ',
  'null',
  '[]',
  '"\\u0000"',
  '123',
  '1e400',
  'true',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH),
  '{"recordId":' + '['.repeat(DEPTH) + ']'.repeat(DEPTH) + '}',
  '{"searchFieldContent":"\\ud800","page":"1"}',
  '{"a":1,"a":2}',
  '{"rows":',
];

const WORDS = [
  '三体',
  '历史',
  'history',
  'reader',
  'TP3',
  'I247',
  '9787536692930',
  'a b',
  '刘慈欣',
  'beiling',
  'x',
  // Search scopes and sort fields, so that searches reach each way of searching.
  'keyWord',
  'title',
  'author',
  'callNo',
  'kindNo',
  'barcode',
  'isbn',
  'subject',
  'publisher',
  'relevance',
  'publishYear',
];

/** Characters that break a string that is otherwise fine. */
const BAD_CHARACTERS = ['\u0000', '\uD800', '\uDFFF', '\u0001', '\u001F', '\u007F', '\u0085'];
/** Numbers past what the database or JavaScript can hold, and the other ends. */
const BAD_NUMBERS: readonly unknown[] = [
  2 ** 31,
  '2147483648',
  2 ** 53,
  '9007199254740993',
  1e308,
  -1,
  0,
  '99999999999',
];

/**
 * A hostile variant of a plausible value: with probability `aim` a bad character inside a string
 * (or inside an item of a list), or an extreme number; otherwise anything of HOSTILE.
 */
function hostileFor(current: unknown, rng: Rng, aim = 0.5): unknown {
  if (rng.chance(aim)) {
    if (typeof current === 'string' && /^\d+$/.test(current)) return rng.pick(BAD_NUMBERS);
    if (typeof current === 'string') {
      const at = rng.int(current.length + 1);
      return current.slice(0, at) + rng.pick(BAD_CHARACTERS) + current.slice(at);
    }
    if (typeof current === 'number') return rng.pick(BAD_NUMBERS);
    if (Array.isArray(current)) {
      const copy = [...current];
      const i = rng.int(copy.length + 1);
      copy[i] = hostileFor(copy[i] ?? rng.pick(WORDS), rng, 1);
      return copy;
    }
  }
  return rng.pick(HOSTILE);
}

/** JSON Schema as the OpenAPI document carries it (the subset the contract produces). */
interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

/** A value the schema accepts (mostly), chosen to reach past validation into the services. */
function plausible(s: Schema | undefined, rng: Rng, name: string, ids: number[], depth = 0): unknown {
  if (!s || depth > 6) return rng.pick(WORDS);
  if (s.nullable && rng.chance(0.1)) return null;
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return plausible(rng.pick(union), rng, name, ids, depth + 1);
  if (s.allOf?.length) return plausible(s.allOf[0], rng, name, ids, depth + 1);
  if (s.enum?.length) return rng.pick(s.enum);
  if (s.const !== undefined) return s.const;
  const type = Array.isArray(s.type) ? rng.pick(s.type) : s.type;
  const isId = /id$/i.test(name) || /ids$/i.test(name);
  switch (type) {
    case 'string': {
      if (s.pattern?.includes('\\d')) {
        const digits = String(isId && ids.length ? rng.pick(ids) : rng.pick([1, 2, 3, 7, 30, 365]));
        return rng.chance(0.2) ? '9'.repeat(Number(/\{\d+,(\d+)\}/.exec(s.pattern)?.[1] ?? 1)) : digits;
      }
      if (s.pattern) return '/beiling/searchList/bookDetails/1';
      const word = rng.pick(WORDS);
      return s.maxLength !== undefined ? word.slice(0, s.maxLength) : word;
    }
    case 'integer':
    case 'number': {
      if (isId && ids.length) return rng.pick(ids);
      const lo = Math.max(s.minimum ?? 0, -5);
      const hi = Math.min(s.maximum ?? 50, 50);
      return rng.chance(0.15) ? (s.maximum ?? s.minimum ?? 1) : lo + rng.int(Math.max(1, hi - lo + 1));
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      const n = rng.int(Math.min(4, (s.maxItems ?? 3) + 1));
      return Array.from({ length: n }, () => plausible(s.items, rng, name, ids, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(key) || rng.chance(0.7)) out[key] = plausible(prop, rng, key, ids, depth + 1);
      }
      return out;
    }
    default:
      return rng.pick(WORDS);
  }
}

/** Replaces one to three values of `value` (an object) by hostile ones, or adds them under the schema's names. */
function mutate(value: Record<string, unknown>, names: string[], rng: Rng): Record<string, unknown> {
  const out = { ...value };
  const n = 1 + rng.int(3);
  for (let i = 0; i < n; i++) {
    const key = names.length && rng.chance(0.9) ? rng.pick(names) : rng.pick(['items', 'searchItems', 'extra', '']);
    const current = out[key];
    // Now and then hostile one level down: an item of a list or a field of an advanced-search item.
    if (Array.isArray(current) && current.length && rng.chance(0.4)) {
      const copy = [...current];
      const j = rng.int(copy.length);
      const item = copy[j];
      copy[j] =
        item && typeof item === 'object' && !Array.isArray(item)
          ? (() => {
              const field = rng.pick(Object.keys(item).concat('recordId'));
              return { ...item, [field]: hostileFor((item as Record<string, unknown>)[field], rng) };
            })()
          : hostileFor(item, rng);
      out[key] = copy;
    } else {
      out[key] = hostileFor(current, rng);
    }
  }
  return out;
}

/** JSON text with the deep-nesting stand-ins expanded. */
function toJson(value: unknown): string {
  return JSON.stringify(value)
    .split(JSON.stringify(DEEP_ARRAY))
    .join('['.repeat(DEPTH) + ']'.repeat(DEPTH))
    .split(JSON.stringify(DEEP_OBJECT))
    .join('{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH));
}

/** Percent-encodes like encodeURIComponent, but lone surrogates too (as the bytes a broken client sends). */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((ch) => {
        const c = ch.charCodeAt(0);
        return c >= 0xd800 && c <= 0xdfff && ch.length === 1
          ? `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`
          : encodeURIComponent(ch);
      })
      .join('');
  }
}

/** A query string of `value`: arrays as repeated names, objects as JSON text, the stand-ins as text. */
function toQuery(value: Record<string, unknown>): string {
  const parts: string[] = [];
  const scalar = (v: unknown) =>
    v === DEEP_ARRAY
      ? '['.repeat(200)
      : v === DEEP_OBJECT
        ? '{'.repeat(200)
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
  for (const [k, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? (v.length ? v : ['']) : [v])
      parts.push(`${encode(k)}=${encode(scalar(item))}`);
  }
  if (parts.length === 0) return '';
  return `?${parts.join('&')}`;
}

const HOSTILE_HEADERS: readonly Record<string, string>[] = [
  { mappingPath: '%00' },
  { mappingPath: '%ED%A0%80' },
  { mappingPath: 'beiling%00' },
  { mappingPath: 'x'.repeat(4000) },
  { mappingPath: '%' },
  { groupCode: '%00' },
  { 'content-language': '\u0001' },
  { 'x-lang': 'x'.repeat(4000) },
  { 'content-type': 'application/json; charset=latin1' },
  { 'content-type': 'application/json;charset=UTF-8' },
];

interface Failure {
  who: string;
  /** Its place in the run: FUZZ_SEED and this number find it again. */
  index: number;
  request: InjectOptions;
  status: number;
  body: string;
}

let t: TestApp;
let token = '';
let ids: number[] = [];
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  // A seeded world on purpose: the fuzz draws record ids, the demo reader and two institutions from
  // the demo data, so a failure replays against a fresh install (FUZZ_SEED picks the same requests).
  t = await createTestApp({ auth: TEST_AUTH, records: 30 });
  token = await tokenOf(t, 'reader', 'Reader2026');
  doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  const rows = await t.db.kysely
    .selectFrom('bib_record')
    .select('record_id')
    .where('tenant_id', '=', 1)
    .orderBy('record_id')
    .limit(5)
    .execute();
  ids = rows.map((r) => r.record_id);
}, 300_000);
afterAll(async () => t?.close());

/** A call of the document and what its requests are made of. */
interface Call {
  path: string;
  method: string;
  query: NonNullable<Operation['parameters']>;
  body: Schema | undefined;
}

function callsOf(loggedIn: boolean): Call[] {
  const out: Call[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      // Logging out would end the reader's session for the rest of the run (visitors try it).
      if (loggedIn && /logout/i.test(path)) continue;
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      out.push({ path, method, query, body: op.requestBody?.content?.['application/json']?.schema });
    }
  }
  return out;
}

/** The names of a call's values: its query parameters, or its body's fields. */
const namesOf = (call: Call) =>
  call.query.length ? call.query.map((p) => p.name) : Object.keys(call.body?.properties ?? {});

/**
 * A request to `call`: plausible values, changed by `change` (the query's, or the body's);
 * `wild` adds now and then hostile headers or a hostile body as a whole.
 */
function requestTo(
  call: Call,
  rng: Rng,
  loggedIn: boolean,
  change: (value: Record<string, unknown>, names: string[]) => Record<string, unknown>,
  wild: boolean,
): InjectOptions {
  const headers: Record<string, string> = { mappingPath: rng.chance(0.8) ? '' : 'beiling' };
  if (loggedIn) headers.jwtOpacAuth = token;
  if (wild && rng.chance(0.08)) Object.assign(headers, rng.pick(HOSTILE_HEADERS));
  let url = call.path;
  if (call.query.length) {
    const q: Record<string, unknown> = {};
    for (const p of call.query) {
      if (p.required || rng.chance(0.7)) q[p.name] = plausible(p.schema, rng, p.name, ids);
    }
    url += toQuery(change(q, namesOf(call)));
  } else if (!call.body && wild && rng.chance(0.5)) {
    url += toQuery(mutate({}, ['recordId', 'page', 'rows', 'keyWord'], rng));
  }
  const req: InjectOptions = { method: call.method.toUpperCase() as InjectOptions['method'], url, headers };
  if (call.method === 'post') {
    headers['content-type'] ??= 'application/json';
    if (wild && rng.chance(0.12)) req.payload = rng.pick(HOSTILE_BODIES);
    else {
      const body = plausible(call.body, rng, '', ids) ?? {};
      req.payload = toJson(
        typeof body === 'object' && !Array.isArray(body)
          ? change(body as Record<string, unknown>, namesOf(call))
          : body,
      );
    }
  }
  return req;
}

/**
 * The requests of a run for one visitor: first a sweep (every value of every call once made
 * hostile, the others plausible), then `ROUNDS` rounds of random changes over every call.
 */
function requestsOf(rng: Rng, loggedIn: boolean): InjectOptions[] {
  const out: InjectOptions[] = [];
  const calls = callsOf(loggedIn);
  for (const call of calls) {
    for (const name of namesOf(call)) {
      const schema = call.query.find((p) => p.name === name)?.schema ?? call.body?.properties?.[name];
      out.push(
        requestTo(
          call,
          rng,
          loggedIn,
          (value) => ({ ...value, [name]: hostileFor(value[name] ?? plausible(schema, rng, name, ids), rng, 0.85) }),
          false,
        ),
      );
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const call of calls) {
      const valid = rng.chance(0.15);
      out.push(requestTo(call, rng, loggedIn, (value, names) => (valid ? value : mutate(value, names, rng)), !valid));
    }
  }
  return out;
}

/** The request as text a reader can replay (long values shortened in the message only). */
function describe5xx(f: Failure): string {
  const payload = typeof f.request.payload === 'string' ? f.request.payload : '';
  const shorten = (s: string) => (s.length > 600 ? `${s.slice(0, 600)}… (${s.length} chars)` : s);
  return [
    `${f.who} (seed ${SEED}, request #${f.index}): ${f.request.method} ${shorten(String(f.request.url))} → ${f.status}`,
    // The reader's token is left out: log in as the demo reader to replay.
    `  headers: ${JSON.stringify({ ...(f.request.headers as object), jwtOpacAuth: undefined })}`,
    payload ? `  payload: ${shorten(JSON.stringify(payload))}` : '',
    `  answer: ${shorten(f.body)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('covers every call of the contract', () => {
    const calls = Object.values(doc.paths).reduce((n, m) => n + Object.keys(m).length, 0);
    expect(calls).toBeGreaterThan(100);
  });

  for (const who of ['visitor', 'reader'] as const) {
    it(`finds no 5xx as ${who === 'visitor' ? 'an anonymous visitor' : 'a logged-in reader'}`, async () => {
      const rng = random(SEED + (who === 'reader' ? 1 : 0));
      const failures: Failure[] = [];
      let sent = 0;
      for (const request of requestsOf(rng, who === 'reader')) {
        const res = await t.app.inject(request);
        if (res.statusCode >= 500) failures.push({ who, index: sent, request, status: res.statusCode, body: res.body });
        sent++;
      }
      expect(sent).toBeGreaterThan(400);
      expect(failures.map(describe5xx).join('\n\n'), `${failures.length} of ${sent} requests got a 5xx`).toBe('');
      if (who === 'reader') {
        // The run stayed logged in (no call ended the session on the way).
        const me = await t.call({ url: ApiPath.userInfo, mappingPath: '', headers: { jwtOpacAuth: token } });
        expect(envelopeOf(me).success).toBe(true);
      }
    }, 120_000);
  }
});
