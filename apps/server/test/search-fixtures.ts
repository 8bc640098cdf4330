import { ApiPath, SEARCH_REQUEST_TEMPLATE, type SearchResponse } from '@openfind/contract';
import { expect } from 'vitest';
import { storeRecords } from '../src/modules/catalogue/catalogue-repository.js';
import type { ItemInput, RecordInput } from '../src/modules/catalogue/record-input.js';
import { envelopeOf, type TestApp } from './helpers.js';

/** The search body the real web app sends, with a few fields some versions add and we ignore. */
export const TEMPLATE = {
  ...SEARCH_REQUEST_TEMPLATE,
  customSub: [],
  newCoreInclude: [],
  customCoreInclude: [],
  libType: '',
};

let serial = 0;

/** A copy: on shelf and loanable unless told otherwise. */
export function copy(over: Partial<ItemInput> = {}): ItemInput {
  serial++;
  return {
    barcode: `T${String(serial).padStart(6, '0')}`,
    libCode: 'OFU',
    campusId: '1',
    locationId: '101',
    curLocationId: '101',
    processTypeCode: '411',
    circAttr: '0',
    inDate: '2024-01-01',
    ...over,
  };
}

/** A record with the fields a test names; the rest empty. */
export function rec(key: string, over: Partial<RecordInput>): RecordInput {
  return { sourceKey: `test:${key}`, sourceFormat: 'marc21', title: key, langCode: 'chi', countryCode: 'CN', ...over };
}

/** Stores records in the default tenant; returns record ids by key. */
export async function storeTestRecords(t: TestApp, records: RecordInput[]): Promise<Map<string, number>> {
  const tenantId = (await t.services.tenants.byMappingPath(''))!.id;
  const { ids } = await storeRecords(t.db.kysely, tenantId, records);
  return new Map([...ids].map(([k, v]) => [k.replace(/^test:/, ''), v]));
}

/** Calls a search endpoint of the default tenant with the real template plus `body`. */
export async function search(
  t: TestApp,
  body: Record<string, unknown>,
  opts: { path?: string; lang?: 'zh_CN' | 'zh_HK' | 'en_US' } = {},
) {
  const res = await t.call({
    url: opts.path ?? ApiPath.search,
    mappingPath: '',
    lang: opts.lang,
    body: { ...TEMPLATE, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  const env = envelopeOf<SearchResponse>(res);
  expect(env.success, env.message).toBe(true);
  return env.data;
}

/** The titles of a search answer, in order. */
export function titles(data: SearchResponse): string[] {
  return data.searchResult.map((r) => r.title);
}
