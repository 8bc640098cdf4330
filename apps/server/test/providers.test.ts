import { ApiPath, ProviderCalls, type AuthorInfo, type ExternalContent } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { clientOf, makeRecord, makeTenant } from './support/factories.js';

/** Third-party content of a record page (e-books, tables of contents, author entries) with no provider configured. */

let t: TestApp;
let api: ReturnType<typeof clientOf>;
let hlm: number;
let santi: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const tenant = await makeTenant(t);
  api = clientOf(t, tenant);
  hlm = await makeRecord(t, tenant.id, { title: '红楼梦', author: '(清)曹雪芹著', authors: ['曹雪芹'] });
  santi = await makeRecord(t, tenant.id, { title: '三体', author: '刘慈欣著', authors: ['刘慈欣'] });
});
afterAll(async () => t?.close());

describe('third-party content (no provider configured)', () => {
  it('answers success with an empty list on every call', async () => {
    const recordId = String(hlm);
    for (const [call, entry] of Object.entries(ProviderCalls)) {
      const res =
        entry.method === 'GET'
          ? await api.get(entry.path, { recordId, isbn: '9787020002207' })
          : await api.post(entry.path, { recordId, title: '红楼梦' });
      expect(res.statusCode, call).toBe(200);
      expect(envelopeOf<ExternalContent>(res), call).toMatchObject({
        success: true,
        data: { provider: null, list: [] },
      });
    }
  });

  it("getAuthorInfo counts the author's records and has no encyclopedia entry", async () => {
    const byName = envelopeOf<AuthorInfo>(await api.get(ApiPath.getAuthorInfo, { author: '曹雪芹' }));
    expect(byName.data).toEqual({ author: '曹雪芹', recordCount: 1, baike: null });
    const byRecord = envelopeOf<AuthorInfo>(await api.get(ApiPath.getAuthorInfo, { recordId: String(santi) }));
    expect(byRecord.data).toEqual({ author: '刘慈欣', recordCount: 1, baike: null });
  });
});
