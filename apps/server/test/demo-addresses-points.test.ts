import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, type AddressList, type PointsPage } from '@openfind/contract';
import { DEMO_PASSWORD } from '../src/seed/demo-readers.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { signIn } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ records: 0, auth: TEST_AUTH });
});
afterAll(async () => t?.close());

const as = (account: string, mappingPath = '') =>
  signIn(t, { mappingPath }, { account, password: DEMO_PASSWORD }).then((headers) => ({
    addresses: async () =>
      envelopeOf<AddressList>(await t.call({ url: ApiPath.userAddressList, headers, mappingPath })).data,
    points: async () =>
      envelopeOf<PointsPage>(await t.call({ url: ApiPath.patronScoreList, body: {}, headers, mappingPath })).data,
  }));

describe('the demo readers have addresses and points (README)', () => {
  it('the normal reader: two addresses, the home one the default; ten entries of points, 29 in all', async () => {
    for (const mappingPath of ['', 'beiling', 'xihu']) {
      const reader = await as('reader', mappingPath);
      const { list } = await reader.addresses();
      expect(list.map((a) => [a.addressType, a.isDefault, a.postcode])).toEqual([
        ['home', true, '100080'],
        ['campus', false, '100871'],
      ]);
      const points = await reader.points();
      expect(points.list.map((e) => [e.rule, e.change])).toEqual([
        ['returnOnTime', 2],
        ['adjustment', 10],
        ['returnOnTime', 2],
        ['returnOverdue', -5],
        ['commentApproved', 1],
        ['returnOnTime', 2],
        ['returnOnTime', 2],
        ['bindContact', 5],
        ['bindContact', 5],
        ['firstLogin', 5],
      ]);
      // Logging in again added nothing: the first login was counted by the seed.
      expect(points.balance).toBe(29);
      expect(points.list[1]).toMatchObject({ note: '读书月活动奖励', balance: 27, platform: 'system' });
    }
  });

  it('the frozen and the lost reader: one address each and the welcome points', async () => {
    for (const account of ['frozen', 'lost']) {
      const reader = await as(account);
      expect((await reader.addresses()).list.map((a) => a.isDefault)).toEqual([true]);
      expect((await reader.points()).balance).toBe(5);
    }
  });
});
