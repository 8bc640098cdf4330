import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, type TestApp } from './helpers.js';
import { demoReader, remindersOf } from './support/reminders.js';

/**
 * The demo's normal reader (account `reader`, card D0001) has loans due in one, two and three days
 * and one six days overdue (seed/demo-circulation.ts): a reminder run gives them one message listing
 * those four (`cli-reminders.test.ts`: the same through `openfind reminders run`).
 */

const DEMO_DUE = [1, 2, 3];

describe('the demo reader is reminded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ records: 80, auth: TEST_AUTH });
  }, 180_000);
  afterAll(async () => t?.close());

  it('of the loans due within three days and the overdue one, in one message', async () => {
    const reader = await demoReader(t, 'D0001');
    const report = await t.services.reminderJob.run({ trigger: 'cli', tenantId: reader.tenant_id });
    expect(report.status).toBe('succeeded');
    const [message, ...more] = await remindersOf(t, reader.id);
    expect(more).toEqual([]);
    expect(message!.subject).toMatch(/^【.+】借阅到期与超期提醒$/);
    for (const d of DEMO_DUE) expect(message!.body).toContain(`（还有 ${d} 天）`);
    expect(message!.body).toContain('（已超期 6 天）');
    expect(message!.body.match(/^· 《/gm)).toHaveLength(4);
    // The frozen card's overdue loan too; the lost card's loan is due in nine days.
    expect(await remindersOf(t, (await demoReader(t, 'D0002')).id)).toHaveLength(1);
    expect(await remindersOf(t, (await demoReader(t, 'D0003')).id)).toEqual([]);
  });
});
