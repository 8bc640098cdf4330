import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sip2Client, Sip2LoginRefusedError, Sip2UnreachableError, type Sip2ClientOptions } from '../src/index.js';
import { ensureCacheMemcached, freePort, startServer, stopServer } from './sip2-test-server.js';

// The real SIP2 server of ../shared/tools/sip2-server, started on a free port for this file.

let port = 0;
let pid = 0;
const clients: Sip2Client[] = [];

function connect(options: Partial<Sip2ClientOptions> = {}): Sip2Client {
  const client = new Sip2Client({
    host: '127.0.0.1',
    port,
    user: 'scclient',
    password: 'clientpwd',
    institutionId: 'UWOLS',
    // One connection: the sample ILS keeps its data per server process, so the loans and holds
    // made below are only seen on the same connection.
    poolSize: 1,
    timeoutMs: 5000,
    retries: 1,
    ...options,
  });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  ensureCacheMemcached();
  port = await freePort();
  pid = await startServer(port);
});

afterAll(async () => {
  for (const client of clients) client.close();
  if (pid) await stopServer(pid, port);
});

/** Whole days from today (local time) to `date` ("YYYY-MM-DD"). */
function daysFromToday(date: string | null | undefined): number {
  const today = new Date();
  const [year, month, day] = (date ?? '').split('-').map(Number);
  const target = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1);
  return Math.round((target - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000);
}

describe('SIP2 client against the real server', () => {
  let client: Sip2Client;
  beforeAll(() => {
    client = connect();
  });

  it('logs in and reads the ACS status', async () => {
    await client.connect();
    expect(client.openConnections).toBe(1);
    const status = await client.status();
    expect(status).toMatchObject({ online: true, protocolVersion: '2.00', institutionId: 'UWOLS', retriesAllowed: 3 });
    expect(status.supportedMessages).toMatchObject({
      patronInformation: true,
      renew: true,
      renewAll: true,
      hold: true,
    });
  });

  it('refuses a wrong terminal password, without repeating it', async () => {
    const wrong = connect({ password: 'not-the-password' });
    const error = await wrong.connect().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Sip2LoginRefusedError);
    expect(String(error)).not.toContain('not-the-password');
    await expect(wrong.patronInformation('zhangsan')).rejects.toBeInstanceOf(Sip2LoginRefusedError);
    wrong.close();
  });

  it('patron information: 张三 with the right password', async () => {
    const info = await client.patronInformation('zhangsan', '6789');
    expect(info).toMatchObject({
      validPatron: true,
      validPassword: true,
      patronId: 'zhangsan',
      personalName: '张三',
      homeAddress: '北京市海淀区',
      email: 'zhangsan@example.org',
      institutionId: 'UWOLS',
      counts: { chargedItems: 0, holdItems: 0 },
      screenMessages: [],
    });
    expect(info.status).toMatchObject({
      chargePrivilegesDenied: false,
      renewalPrivilegesDenied: false,
      holdPrivilegesDenied: false,
      cardReportedLost: false,
    });
  });

  it('patron information: a wrong password still gives the reader, with CQ N', async () => {
    const info = await client.patronInformation('zhangsan', 'wrong');
    expect(info).toMatchObject({ validPatron: true, validPassword: false, personalName: '张三' });
  });

  it('patron information: an unknown card (BL N)', async () => {
    const info = await client.patronInformation('nobody', '1');
    expect(info).toMatchObject({ validPatron: false, personalName: null, patronId: 'nobody' });
  });

  it('patron information: 李四, card reported lost, with the screen message', async () => {
    const info = await client.patronInformation('lisi', '6789');
    expect(info).toMatchObject({ validPatron: true, validPassword: true, personalName: '李四' });
    expect(info.status).toMatchObject({
      cardReportedLost: true,
      chargePrivilegesDenied: true,
      renewalPrivilegesDenied: true,
      holdPrivilegesDenied: true,
    });
    expect(info.screenMessages).toEqual(['读者证已挂失']);
  });

  describe('loans, renewals and holds', () => {
    const book = '9787020002207'; // 红楼梦
    const other = '9787108128065'; // 中国近代史
    let dueDate = '';

    it('a checkout gives 张三 a loan due in 14 days (the sample data has none)', async () => {
      const loan = await client.checkout('zhangsan', book, { patronPassword: '6789' });
      expect(loan).toMatchObject({ ok: true, patronId: 'zhangsan', itemId: book, title: '红楼梦' });
      expect(daysFromToday(loan.dueDate?.date)).toBeGreaterThanOrEqual(13);
      expect(daysFromToday(loan.dueDate?.date)).toBeLessThanOrEqual(15);
      dueDate = loan.dueDate?.raw ?? '';
    });

    it('patron information lists the charged item (summary: charged, BP/BQ range)', async () => {
      const info = await client.patronInformation('zhangsan', '6789', { kind: 'charged', start: 1, end: 5 });
      expect(info.counts.chargedItems).toBe(1);
      expect(info.chargedItems).toEqual([book]);
      expect(info.holdItems).toEqual([]);
    });

    it('item information gives the due date', async () => {
      const item = await client.itemInformation(book);
      expect(item).toMatchObject({
        circulationStatus: 'charged',
        itemId: book,
        title: '红楼梦',
        callNumber: 'I242.47/1',
        dueDate: { raw: dueDate },
      });
      expect(item.dueDate?.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    });

    it('renews the loan', async () => {
      const renewal = await client.renew('zhangsan', book, { patronPassword: '6789' });
      expect(renewal).toMatchObject({ ok: true, renewalOk: true, itemId: book, screenMessages: [] });
      expect(renewal.dueDate?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('another reader places a hold (pickup location, hold type)', async () => {
      const hold = await client.placeHold('djfiander', book, {
        patronPassword: '6789',
        pickupLocation: 'Beacock',
        holdType: 'any-copy',
      });
      expect(hold).toMatchObject({
        ok: true,
        available: false,
        queuePosition: 1,
        pickupLocation: 'Beacock',
        itemId: book,
        title: '红楼梦',
      });
      const holder = await client.patronInformation('djfiander', '6789', { kind: 'hold' });
      expect(holder.holdItems).toEqual([book]);
      expect(holder.counts.holdItems).toBe(1);
      expect((await client.itemInformation(book)).holdQueueLength).toBe(1);
    });

    it('the renewal is then refused, with the system’s reason (AF)', async () => {
      const renewal = await client.renew('zhangsan', book);
      expect(renewal).toMatchObject({ ok: false, renewalOk: false, dueDate: null });
      expect(renewal.screenMessages).toEqual(['Item has outstanding holds']);
    });

    it('renew all renews the free loan and not the held one', async () => {
      expect((await client.checkout('zhangsan', other)).ok).toBe(true);
      const all = await client.renewAll('zhangsan', { patronPassword: '6789' });
      expect(all).toMatchObject({
        ok: true,
        renewedCount: 1,
        unrenewedCount: 1,
        renewedItems: [other],
        unrenewedItems: [book],
      });
    });

    it('the hold is cancelled, and the renewal goes through again', async () => {
      const cancelled = await client.cancelHold('djfiander', book, { patronPassword: '6789' });
      expect(cancelled).toMatchObject({ ok: true, itemId: book, screenMessages: ['Hold Cancelled.'] });
      expect((await client.patronInformation('djfiander', '6789', { kind: 'hold' })).holdItems).toEqual([]);
      expect(await client.renew('zhangsan', book)).toMatchObject({ ok: true, renewalOk: true });
    });

    it('cancelling a hold that does not exist is refused with the reason', async () => {
      const refused = await client.cancelHold('zhangsan', book);
      expect(refused).toMatchObject({ ok: false, screenMessages: ['No such hold on patron record.'] });
    });

    it('ends the patron session', async () => {
      const end = await client.endSession('zhangsan', '6789');
      expect(end).toMatchObject({
        ended: true,
        patronId: 'zhangsan',
        screenMessages: ['Thank you for using Evergreen!'],
      });
    });
  });

  it('reads GBK answers through the gbclient terminal', async () => {
    const gbk = connect({ user: 'gbclient', charset: 'gbk' });
    try {
      expect(await gbk.patronInformation('zhangsan', '6789')).toMatchObject({
        personalName: '张三',
        homeAddress: '北京市海淀区',
      });
      expect((await gbk.patronInformation('lisi', '6789')).screenMessages).toEqual(['读者证已挂失']);
      expect((await gbk.itemInformation('9787108128065')).title).toBe('中国近代史');
    } finally {
      gbk.close();
    }
    const gb18030 = connect({ user: 'gbclient', charset: 'gb18030' });
    try {
      expect((await gb18030.patronInformation('lisi')).personalName).toBe('李四');
    } finally {
      gb18030.close();
    }
    // The same bytes read as UTF-8 are not Chinese: the answers really were GBK.
    const misread = connect({ user: 'gbclient', charset: 'utf-8' });
    try {
      expect((await misread.patronInformation('zhangsan')).personalName).toContain('\ufffd');
    } finally {
      misread.close();
    }
  });

  it('serves concurrent calls from a pool of two connections', async () => {
    const pooled = connect({ poolSize: 2 });
    try {
      const names = await Promise.all(
        ['zhangsan', 'lisi', 'miker', 'djfiander'].map(async (id) => (await pooled.patronInformation(id)).personalName),
      );
      expect(names).toEqual(['张三', '李四', 'Mike Rylander', 'David J. Fiander']);
      expect(pooled.openConnections).toBe(2);
    } finally {
      pooled.close();
    }
  });

  it('says the system is unreachable when the server goes away, and recovers once it is back', async () => {
    await client.connect();
    await stopServer(pid, port);
    pid = 0;
    const error = await client.patronInformation('zhangsan', '6789').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Sip2UnreachableError);
    expect(['connect-refused', 'connection-lost']).toContain((error as Sip2UnreachableError).reason);
    expect(String(error)).not.toMatch(/clientpwd|6789/);

    pid = await startServer(port);
    const info = await client.patronInformation('zhangsan', '6789');
    expect(info).toMatchObject({ validPatron: true, personalName: '张三' });
    expect(client.openConnections).toBe(1);
  });
});
