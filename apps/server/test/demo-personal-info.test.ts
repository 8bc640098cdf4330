import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, idNumberProblem, type PersonalInfo } from '@openfind/contract';
import { DEMO_PASSWORD, DEMO_PERSONAL } from '../src/seed/demo-readers.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { signIn } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ auth: TEST_AUTH });
});
afterAll(async () => t?.close());

describe("the demo reader's personal information (README)", () => {
  it('D0001 has every field filled in, in every demo institution; its ID number passes the check', async () => {
    expect(idNumberProblem('resident', DEMO_PERSONAL.reader!.idNumber!)).toBeNull();
    for (const mappingPath of ['', 'beiling', 'xihu']) {
      const headers = await signIn(t, { mappingPath }, { account: 'reader', password: DEMO_PASSWORD });
      const info = envelopeOf<PersonalInfo>(await t.call({ url: ApiPath.personalInfo, mappingPath, headers })).data;
      expect(info).toMatchObject({
        cardNo: 'D0001',
        department: '计算机学院',
        position: '学生干部',
        grade: '2023级',
        className: '计算机科学与技术 2301 班',
        idType: 'resident',
        idNumber: '110***********1232',
        deposit: '100.00',
        prepayment: '25.50',
        wechatBindFlag: '1',
        transferLendFlag: '1',
        cardExpired: false,
      });
      expect(info.libName).not.toBe('');
      expect(info.validUntil! > info.validFrom!).toBe(true);
    }
  });
});
