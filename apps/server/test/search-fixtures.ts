import { ApiPath, SEARCH_REQUEST_TEMPLATE, type SearchResponse } from '@openfind/contract';
import { expect } from 'vitest';
import { storeRecords } from '../src/modules/catalogue/catalogue-repository.js';
import type { ItemInput, RecordInput } from '../src/modules/catalogue/record-input.js';
import { envelopeOf, type TestApp } from './helpers.js';
import type { MadeTenant } from './support/factories.js';

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

/**
 * Stores records in an institution (one made by `makeTenant`) as an import does, without telling the
 * search engine (the catalogue's change announcement does, as in production); record ids by key.
 */
export async function storeTestRecords(
  t: TestApp,
  tenant: Pick<MadeTenant, 'id'>,
  records: RecordInput[],
): Promise<Map<string, number>> {
  const { ids } = await storeRecords(t.db.kysely, tenant.id, records);
  return new Map([...ids].map(([k, v]) => [k.replace(/^test:/, ''), v]));
}

/**
 * Calls a search endpoint of an institution (`tenant`; the one at the root path, mapping path '', if
 * none is named) with the real template plus `body`.
 */
export async function search(
  t: TestApp,
  body: Record<string, unknown>,
  opts: { path?: string; lang?: 'zh_CN' | 'zh_HK' | 'en_US'; tenant?: Pick<MadeTenant, 'mappingPath'> } = {},
) {
  const res = await t.call({
    url: opts.path ?? ApiPath.search,
    mappingPath: opts.tenant?.mappingPath ?? '',
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
