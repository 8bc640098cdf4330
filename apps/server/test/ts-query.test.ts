import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import {
  compareLexemes,
  matchesDocument,
  parseTsQuery,
  prepareTsRank,
  prepareTsRankCd,
  scanTsVector,
  tsRankCd,
  type DocEntries,
  type TsOperand,
} from '../src/modules/search/engine/ts-query.js';
import { TenantText } from '../src/modules/search/engine/text-index.js';
import { openTestDatabase } from './helpers.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
});
afterAll(async () => {
  await db.close();
  await drop();
});

/** A small deterministic random generator. */
function random(seed: number) {
  let a = seed;
  const next = () => (a = (Math.imul(a, 1103515245) + 12345) >>> 0) / 2 ** 32;
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

// Words, characters of words, prefixes of one another, a quote, a backslash, a character beyond the BMP.
const LEXEMES = ['a', 'ab', 'abc', 'b', '中', '国', '中国', '红', '楼', '梦', '红楼梦', "o'neil", 'x\\y', '𠀀', '𠀀书'];
const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

function randomVector(r: ReturnType<typeof random>): string {
  const parts: string[] = [];
  for (const lexeme of LEXEMES) {
    if (r.next() < 0.45) continue;
    const positions = new Set<string>();
    for (let k = 1 + r.int(4); k > 0; k--) positions.add(`${1 + r.int(40)}${r.pick(['A', 'B', 'C', ''])}`);
    parts.push(`${quote(lexeme)}:${[...positions].join(',')}`);
  }
  return parts.join(' ') || `'zzz':1`;
}

function randomQuery(r: ReturnType<typeof random>, depth: number): string {
  if (depth === 0 || r.next() < 0.35) {
    const suffix = (r.next() < 0.15 ? '*' : '') + r.pick(['', '', '', 'A', 'B', 'AB', 'CD', 'D']);
    return `${quote(r.pick(LEXEMES))}${suffix ? `:${suffix}` : ''}`;
  }
  const op = r.pick(['&', '|', '<->', '<2>', '<1>', '&']);
  return `(${randomQuery(r, depth - 1)} ${op} ${randomQuery(r, depth - 1)})`;
}

/** A random query with NOT among its parts (as advanced searches write them: `X & !Y`, `!Y & X`, `X | !Y`). */
function randomQueryWithNot(r: ReturnType<typeof random>, depth: number): string {
  const part = randomQuery(r, depth);
  if (r.next() < 0.3) return part;
  const negated = `!${randomQuery(r, depth)}`;
  const op = r.pick(['&', '&', '&', '|']);
  return r.next() < 0.5 ? `(${part} ${op} ${negated})` : `(${negated} ${op} ${part})`;
}

/** The entries of a tsvector as PostgreSQL writes it, for the functions in memory. */
function documentOf(text: string) {
  const entries: Array<{ lexeme: string; positions: Uint16Array }> = [];
  scanTsVector(text, (lexeme, positions, count) => entries.push({ lexeme, positions: positions.slice(0, count) }));
  const matching = (op: TsOperand) =>
    entries.flatMap((e, i) => ((op.prefix ? e.lexeme.startsWith(op.lexeme) : e.lexeme === op.lexeme) ? [i] : []));
  const doc: DocEntries = (op) => matching(op).map((i) => entries[i]!.positions);
  // The place in the vector of an operand's e-th entry.
  const order = (op: TsOperand, e: number) => matching(op)[e]!;
  return { doc, order };
}

const WEIGHTS = Float32Array.from([0.1, 0.2, 0.4, 1.0]);

describe('text-search queries in memory', () => {
  it('reads tsvector text as PostgreSQL writes it, lexemes in its order', async () => {
    const { rows } = await sql<{ v: string }>`
      SELECT ${`'x\\\\y':3 'o''neil':2B 'b':1A,4 'ab':5C '中国':7 '𠀀':9 '\uFF41':8`}::tsvector::text AS v`.execute(
      db.kysely,
    );
    const seen: Array<[string, number[]]> = [];
    scanTsVector(rows[0]!.v, (lexeme, positions, count) =>
      seen.push([lexeme, Array.from(positions.subarray(0, count))]),
    );
    expect(seen.map(([l]) => l)).toEqual(['ab', 'b', "o'neil", 'x\\y', '中国', '\uFF41', '𠀀']);
    // Positions with the weight in the top two bits (A 3, B 2, C 1, D 0).
    expect(seen[1]![1]).toEqual([(3 << 14) | 1, 4]);
    // compareLexemes orders as the database does.
    expect(seen.map(([l]) => l)).toEqual([...seen.map(([l]) => l)].sort(compareLexemes));
  });

  it('finds in the text index the documents PostgreSQL finds, queries with NOT included', async () => {
    const r = random(20261126);
    const vectors = Array.from({ length: 300 }, () => randomVector(r));
    const queries = Array.from({ length: 200 }, () => randomQueryWithNot(r, 2));
    const { rows: docs } = await sql<{ id: number; v: string }>`
      SELECT x.id::int AS id, x.v::tsvector::text AS v FROM unnest(${vectors}::text[]) WITH ORDINALITY AS x(v, id)`.execute(
      db.kysely,
    );
    const text = await TenantText.build(
      (async function* () {
        yield docs.map((d) => ({
          record_id: d.id,
          vector: d.v,
          title_sort: null,
          title_lower: null,
          publish_year_int: null,
          doc_code: '1',
          subjects_folded: '',
          series_folded: '',
          publisher_folded: '',
          updated_ms: 0,
        }));
      })(),
      async () => {},
    );
    const { rows } = await sql<{ q: string; ids: number[] | null }>`
      SELECT q.q, (SELECT array_agg(x.id::int ORDER BY x.id) FROM unnest(${vectors}::text[]) WITH ORDINALITY AS x(v, id)
                   WHERE x.v::tsvector @@ q.q::tsquery) AS ids
      FROM unnest(${queries}::text[]) AS q(q)`.execute(db.kysely);
    let some = 0;
    for (const row of rows) {
      const found = Array.from(text.recordIds(text.match(parseTsQuery(row.q)))).sort((a, b) => a - b);
      expect(found, row.q).toEqual(row.ids ?? []);
      if (found.length && found.length < docs.length) some++;
    }
    // Not all empty, not all everything.
    expect(some).toBeGreaterThan(100);
  });

  it('matches and ranks random vectors and queries exactly as PostgreSQL does', async () => {
    const r = random(20261125);
    const cases = Array.from({ length: 600 }, () => ({ v: randomVector(r), q: randomQuery(r, 3) }));
    const { rows } = await sql<{ v: string; q: string; hit: boolean; rank: number; cd: number }>`
      SELECT x.v::tsvector::text AS v, x.q,
             x.v::tsvector @@ x.q::tsquery AS hit,
             ts_rank('{0.1,0.2,0.4,1.0}'::float4[], x.v::tsvector, x.q::tsquery)::float8 AS rank,
             ts_rank_cd('{0.1,0.2,0.4,1.0}'::float4[], x.v::tsvector, x.q::tsquery)::float8 AS cd
      FROM unnest(${cases.map((c) => c.v)}::text[], ${cases.map((c) => c.q)}::text[]) AS x(v, q)`.execute(db.kysely);
    let hits = 0;
    let phraseHits = 0;
    for (const row of rows) {
      const query = parseTsQuery(row.q);
      const { doc, order } = documentOf(row.v);
      const context = `${row.v}  @@  ${row.q}`;
      expect(matchesDocument(query, doc), context).toBe(row.hit);
      // With seven operands or more PostgreSQL's quicksort may keep either of two equal lexemes, and
      // which one matters when only one of them is a prefix (the search never writes both).
      const mixed = query.operands.some((a) =>
        query.operands.some((b) => a.lexeme === b.lexeme && a.prefix !== b.prefix),
      );
      if (query.operands.length < 7 || !mixed) {
        expect(prepareTsRank(WEIGHTS, query)(doc), context).toBe(Math.fround(Number(row.rank)));
      }
      const cd = tsRankCd(WEIGHTS, query, doc, order);
      expect(cd, context).toBe(Math.fround(Number(row.cd)));
      // The prepared form of ts_rank_cd (the index's): by truth table for queries without phrases.
      expect(prepareTsRankCd(WEIGHTS, query)(doc, order), context).toBe(cd);
      if (row.hit) {
        hits++;
        if (row.q.includes('<')) phraseHits++;
      }
    }
    // The random cases cover matches, misses and phrase matches.
    expect(hits).toBeGreaterThan(100);
    expect(hits).toBeLessThan(rows.length - 100);
    expect(phraseHits).toBeGreaterThan(20);
  });
});
