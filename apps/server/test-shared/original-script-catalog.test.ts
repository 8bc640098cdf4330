import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BookDetail, SearchResponse } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../src/modules/catalogue/import/import-file.js';
import { createTestApp, envelopeOf, type TestApp } from '../test/helpers.js';
import { TEMPLATE } from '../test/search-fixtures.js';
import { tempDir } from '../test/temp-dirs.js';

/** The real file holding the Chinese record 次按驟變 ("Ci an zhou bian") with its 880s. */
const FILE = path.resolve(
  fileURLToPath(new URL('../../../..', import.meta.url)),
  'shared',
  'testdata',
  'catalog',
  'traject',
  'test_data.utf8.marc.xml',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const tenantId = (await t.services.tenants.byMappingPath(''))!.id;
  await importFile({ db: t.db.kysely, tenantId, file: FILE, rejectDir: tempDir('openfind-880-rejects-') });
}, 600_000);
afterAll(async () => t.close());

async function search(term: string): Promise<SearchResponse> {
  const res = await t.call({
    url: '/find/unify/search',
    mappingPath: '',
    body: { ...TEMPLATE, searchFieldContent: term },
  });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<SearchResponse>(res).data;
}

describe('a real record with 880s (traject test data)', () => {
  it('shows 次按驟變 first and "Ci an zhou bian" beside it, found by either form', async () => {
    for (const term of ['次按驟變', 'Ci an zhou bian']) {
      const row = (await search(term)).searchResult.find((r) => r.titleRomanized === 'Ci an zhou bian');
      expect(row, term).toMatchObject({
        title: '次按驟變',
        author: '林行止著.',
        authorRomanized: 'Lin Xingzhi zhu.',
        publisher: '遠景出版事業有限公司',
        originalLang: 'zh',
      });
    }
    const id = (await search('次按驟變')).searchResult.find((r) => r.title === '次按驟變')!.recordId;
    const res = await t.call({
      url: '/find/searchResultDetail/getBookDetail',
      mappingPath: '',
      query: { recordId: String(id) },
    });
    const rows = envelopeOf<BookDetail>(res).data.bean2List.filter((r) => r.key === 'cnb01');
    expect(rows.map((r) => [r.fieldVal, r.script])).toEqual([
      ['次按驟變/林行止著.', 'original'],
      ['Ci an zhou bian/Lin Xingzhi zhu.', 'romanized'],
    ]);
  });
});
