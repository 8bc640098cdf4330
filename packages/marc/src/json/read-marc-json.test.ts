import { describe, expect, it } from 'vitest';
import type { ReadResult } from '../model/read-result.js';
import { readMarcJson } from './read-marc-json.js';

async function readJson(text: string): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for await (const result of readMarcJson([new TextEncoder().encode(text)], { file: 'test.json' }))
    results.push(result);
  return results;
}

const marcInJson = {
  leader: '00000nam a2200000 a 4500',
  fields: [{ '001': 'm1' }, { '245': { ind1: '1', ind2: '0', subfields: [{ a: 'Marc in JSON' }] } }],
};
const fieldLists = {
  leader: '00000nam a2200000 a 4500',
  controlfield: [{ tag: '001', content: 'k1' }],
  datafield: [{ tag: '245', ind1: '1', ind2: '0', subfield: [{ code: 'a', content: 'Field lists' }] }],
};

describe('readMarcJson', () => {
  it('reads one object per line in both JSON shapes', async () => {
    const results = await readJson(`${JSON.stringify(marcInJson)}\n${JSON.stringify(fieldLists)}\n`);
    expect(results.map((r) => (r.ok ? r.bib.title : r.reason))).toEqual(['Marc in JSON', 'Field lists']);
    expect(results[1]?.source.line).toBe(2);
  });

  it('reads a JSON array', async () => {
    const results = await readJson(JSON.stringify([marcInJson, fieldLists], null, 2));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
  });

  it('rejects a broken line with its line number and goes on', async () => {
    const results = await readJson(`${JSON.stringify(marcInJson)}\n{"leader": \n${JSON.stringify(fieldLists)}`);
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    const broken = results[1];
    expect(broken && !broken.ok && broken.reason).toMatch(/^line 2 is not valid JSON/);
  });
});
