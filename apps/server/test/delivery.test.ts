import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddressInput,
  ApiPath,
  DeskErrCode,
  RequestErrCode,
  type DeskDeliveryPage,
  type DeskShipped,
  type LoanListResponse,
  type PlacedRequest,
  type ReaderRequest,
  type ReceivedDelivery,
  type RequestPage,
} from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { checkin } from '../src/modules/circulation/desk-service.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import {
  day,
  makeReader,
  makeRecords,
  makeTenant,
  signIn,
  type MadeReader,
  type MadeTenant,
} from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Home delivery (送书上门, issue 27): a reader asks for a record to be sent to one of their
 * addresses; the desk lends the copy held for it and sends it with a tracking number; the reader
 * confirms receipt. Through HTTP, on the embedded database (and PostgreSQL in CI).
 */

let t: TestApp;
let tenant: MadeTenant;
let other: MadeTenant;
let desk: Record<string, string>;
let branchDesk: Record<string, string>;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t, { libraries: 'demo' });
  other = await makeTenant(t);
  desk = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'staff' }));
  branchDesk = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'staff', libCodes: ['OFU-MED'] }));
});
afterAll(async () => t?.close());

type Lang = CallOptions['lang'];

const post = <T>(url: string, body: unknown, headers: Record<string, string>, lang?: Lang, to = tenant) =>
  t.call({ url, body, headers, lang, mappingPath: to.mappingPath }).then((res) => ({
    status: res.statusCode,
    ...envelopeOf<T>(res),
  }));

/** A reader of the institution, signed in, with one delivery address (the default); its id. */
async function readerWithAddress(
  to = tenant,
): Promise<{ reader: MadeReader; headers: Record<string, string>; addressId: number }> {
  const reader = await makeReader(t, to.id);
  const address = await t.services.addresses.add(
    to.id,
    reader.id,
    AddressInput.parse({
      recipient: '李明',
      phone: '13800000001',
      region: '北京市 海淀区',
      detail: '中关村大街 27 号 502 室',
      postcode: '100080',
      isDefault: '1',
    }),
    'zh-CN',
  );
  return { reader, headers: await signIn(t, to, reader), addressId: address.addressId };
}

/** A new record with one loanable copy on the shelf of the main library; its id and barcode. */
async function onShelf(): Promise<{ recordId: number; barcode: string }> {
  const barcode = `H${++serial}`;
  const [recordId] = await makeRecords(t, tenant.id, [
    { title: `送书${serial}`, items: [{ barcode, libCode: 'OFU' }] },
  ]);
  return { recordId: recordId!, barcode };
}

const place = (headers: Record<string, string>, body: object, lang?: Lang) =>
  post<PlacedRequest>(
    ApiPath.placeRequest,
    { requestType: 'delivery', contactPhone: '13800000000', ...body },
    headers,
    lang,
  );
const requests = async (headers: Record<string, string>): Promise<ReaderRequest[]> =>
  (await post<RequestPage>(ApiPath.requestList, {}, headers)).data.list;
const ship = (body: object, headers = desk, lang?: Lang) =>
  post<DeskShipped>('/find/admin/circ/ship', body, headers, lang);
const confirm = (requestId: number, headers: Record<string, string>, lang?: Lang) =>
  post<ReceivedDelivery>(ApiPath.confirmReceipt, { requestId }, headers, lang);

describe('placing a home delivery', () => {
  it('copies the chosen address into the request; a copy on the shelf is held for staff to send (no pickup code)', async () => {
    const { headers, addressId } = await readerWithAddress();
    const { recordId, barcode } = await onShelf();
    const placed = await place(headers, { recordId, addressId });
    expect(placed).toMatchObject({
      success: true,
      message: text('zh-CN', 'deliveryReady'),
      data: { status: 'ready' },
    });
    const [mine] = await requests(headers);
    expect(mine).toMatchObject({
      requestId: placed.data.requestId,
      requestType: 'delivery',
      status: 'ready',
      workflow: 'pickingFromShelf',
      barcode,
      readyUntil: null,
      pickupCode: null,
      delivery: {
        recipient: '李明',
        phone: '13800000001',
        address: '北京市 海淀区 中关村大街 27 号 502 室',
        postcode: '100080',
        trackingNo: null,
        shippedAt: null,
        receivedAt: null,
      },
    });
    // The snapshot stays when the reader changes or deletes the address later.
    await post(ApiPath.deleteUserAddress, { addressId }, headers);
    expect((await requests(headers))[0]!.delivery!.address).toBe('北京市 海淀区 中关村大街 27 号 502 室');
    // Not handed to another reader: a delivery goes to its reader's address.
    expect((await post(ApiPath.handoverCode, { requestId: mine!.requestId }, headers)).errCode).toBe(
      RequestErrCode.noSuchRequest,
    );
  });

  it('waits in the queue when every copy is lent; the copy returned is held for it, not given a last day or a code', async () => {
    const owner = await readerWithAddress();
    const asker = await readerWithAddress();
    const { recordId, barcode } = await onShelf();
    await place(owner.headers, { recordId, addressId: owner.addressId });
    const ownerRequest = (await requests(owner.headers))[0]!;
    await ship({ requestId: ownerRequest.requestId, trackingNo: 'SF100' });
    const waiting = await place(asker.headers, { recordId, addressId: asker.addressId }, 'en-US');
    expect(waiting).toMatchObject({
      success: true,
      data: { status: 'waiting', queuePosition: 1 },
      message: text('en-US', 'deliveryPlaced', { position: 1 }),
    });
    expect((await requests(asker.headers))[0]).toMatchObject({ status: 'waiting', workflow: 'appointing' });
    const back = await checkin(t.db.kysely, tenant.id, { barcode });
    expect(back.heldFor).toBe(asker.reader.id);
    expect((await requests(asker.headers))[0]).toMatchObject({
      status: 'ready',
      workflow: 'pickingFromShelf',
      barcode,
      readyUntil: null,
      pickupCode: null,
    });
  });

  it('needs one of the reader’s own addresses: none, or another reader’s, is refused in the reader’s language', async () => {
    const { headers } = await readerWithAddress();
    const stranger = await readerWithAddress();
    const { recordId } = await onShelf();
    for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
      expect(await place(headers, { recordId }, lang)).toMatchObject({
        status: 200,
        success: false,
        errCode: RequestErrCode.addressRequired,
        message: text(lang, 'deliveryAddressRequired'),
      });
      expect(await place(headers, { recordId, addressId: stranger.addressId }, lang)).toMatchObject({
        status: 200,
        success: false,
        errCode: RequestErrCode.unknownAddress,
        message: text(lang, 'deliveryUnknownAddress'),
      });
    }
    // An address of another institution names nothing here either.
    const elsewhere = await readerWithAddress(other);
    expect((await place(headers, { recordId, addressId: elsewhere.addressId })).errCode).toBe(
      RequestErrCode.unknownAddress,
    );
    // Nothing was written.
    expect(await requests(headers)).toEqual([]);
    // A reservation still needs its pickup library.
    expect((await place(headers, { recordId, requestType: 'reserve' })).errCode).toBe(RequestErrCode.unknownPickup);
  });

  it('follows the rules of any request: one open request per record, not while on loan', async () => {
    const { headers, addressId } = await readerWithAddress();
    const { recordId } = await onShelf();
    expect((await place(headers, { recordId, addressId })).success).toBe(true);
    expect((await place(headers, { recordId, addressId })).errCode).toBe(RequestErrCode.alreadyRequested);
    await ship({ requestId: (await requests(headers))[0]!.requestId, trackingNo: 'YT-42' });
    expect((await place(headers, { recordId, addressId })).errCode).toBe(RequestErrCode.alreadyOnLoan);
  });
});

describe('sending it (the desk)', () => {
  it('lends the held copy to the reader (a real loan, due by the policy), marks it sent with the tracking number, and tells the reader', async () => {
    const { reader, headers, addressId } = await readerWithAddress();
    const { recordId, barcode } = await onShelf();
    const requestId = (await place(headers, { recordId, addressId })).data.requestId;
    // The desk's list of deliveries to pick and send.
    const toSend = await t.call({
      method: 'GET',
      url: '/find/admin/circ/deliveries',
      query: { status: 'ready' },
      headers: desk,
      mappingPath: tenant.mappingPath,
    });
    const list = envelopeOf<DeskDeliveryPage>(toSend).data.list;
    expect(list.find((d) => d.requestId === requestId)).toMatchObject({
      barcode,
      reader: reader.account,
      recipient: '李明',
      address: '北京市 海淀区 中关村大街 27 号 502 室',
      trackingNo: null,
    });

    const sent = await ship({ requestId, trackingNo: 'SF1234567890' }, desk, 'en-US');
    expect(sent).toMatchObject({
      success: true,
      data: { requestId, barcode, trackingNo: 'SF1234567890', readerId: reader.id, dueDate: day(30) },
    });
    expect(sent.message).toBe(
      text('en-US', 'deskShipped', { title: sent.data.title, trackingNo: 'SF1234567890', date: day(30) }),
    );
    // A real loan: in the reader's loans, the copy on loan, the record's loan count up.
    const loans = (await post<LoanListResponse>(ApiPath.loanList, {}, headers)).data;
    expect(loans.searchResult.map((l) => l.barcode)).toEqual([barcode]);
    const copy = await t.db.kysely
      .selectFrom('item')
      .select('process_type_code')
      .where('barcode', '=', barcode)
      .executeTakeFirstOrThrow();
    expect(copy.process_type_code).toBe('412');
    const [mine] = await requests(headers);
    expect(mine).toMatchObject({
      status: 'shipped',
      workflow: 'inLogistics',
      delivery: { trackingNo: 'SF1234567890', receivedAt: null },
    });
    expect(Date.parse(mine!.delivery!.shippedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const inbox = await t.db.kysely
      .selectFrom('reader_inbox')
      .select(['subject', 'body'])
      .where('reader_id', '=', reader.id)
      .execute();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.body).toContain('SF1234567890');
    // On its way: in the desk's shipped list, no longer among those to send.
    const shipped = await t.call({
      method: 'GET',
      url: '/find/admin/circ/deliveries',
      query: { status: 'shipped' },
      headers: desk,
      mappingPath: tenant.mappingPath,
    });
    expect(envelopeOf<DeskDeliveryPage>(shipped).data.list.map((d) => d.requestId)).toContain(requestId);
    // Sent once: again is refused, and changes nothing.
    expect(await ship({ requestId, trackingNo: 'SF999' })).toMatchObject({
      success: false,
      errCode: RequestErrCode.notShippable,
      message: text('zh-CN', 'deliveryNotShippable'),
    });
    expect((await requests(headers))[0]!.delivery!.trackingNo).toBe('SF1234567890');
  });

  it('is a staff call: a reader or a visitor is refused, and nothing is sent', async () => {
    const { headers, addressId } = await readerWithAddress();
    const { recordId } = await onShelf();
    const requestId = (await place(headers, { recordId, addressId })).data.requestId;
    const byReader = await ship({ requestId, trackingNo: 'SF0001' }, headers);
    expect(byReader.status).toBe(403);
    expect(byReader.success).toBe(false);
    expect((await ship({ requestId, trackingNo: 'SF0001' }, {})).status).toBe(401);
    const list = await t.call({
      method: 'GET',
      url: '/find/admin/circ/deliveries',
      headers,
      mappingPath: tenant.mappingPath,
    });
    expect(list.statusCode).toBe(403);
    expect((await requests(headers))[0]!.status).toBe('ready');
  });

  it('refuses what it cannot send: a waiting delivery, a reservation, a copy of a library the account is not for, a bad tracking number', async () => {
    const { headers, addressId } = await readerWithAddress();
    const { recordId } = await onShelf();
    const reserve = await post<PlacedRequest>(
      ApiPath.placeRequest,
      { recordId, requestType: 'reserve', pickupLibCode: 'OFU', contactPhone: '13800000000' },
      headers,
    );
    expect((await ship({ requestId: reserve.data.requestId, trackingNo: 'SF0001' })).errCode).toBe(
      RequestErrCode.notShippable,
    );
    const second = await readerWithAddress();
    const waiting = await place(second.headers, { recordId, addressId: second.addressId });
    expect(waiting.data.status).toBe('waiting');
    expect((await ship({ requestId: waiting.data.requestId, trackingNo: 'SF0001' })).errCode).toBe(
      RequestErrCode.notShippable,
    );
    const other = await onShelf();
    const ready = await place(headers, { recordId: other.recordId, addressId });
    expect((await ship({ requestId: ready.data.requestId, trackingNo: 'SF0001' }, branchDesk)).errCode).toBe(
      DeskErrCode.otherLibrary,
    );
    expect((await ship({ requestId: ready.data.requestId, trackingNo: '中通 1' })).status).toBe(400);
    expect((await ship({ requestId: ready.data.requestId, trackingNo: '' })).status).toBe(400);
  });

  it('a refused loan (the reader owes too much) leaves the delivery ready', async () => {
    const { reader, headers, addressId } = await readerWithAddress();
    const { recordId } = await onShelf();
    const requestId = (await place(headers, { recordId, addressId })).data.requestId;
    await t.services.fines.charge(tenant.id, reader.account, {
      kind: 'other',
      amountCents: 100_00,
      barcode: null,
      title: '',
      note: '',
    });
    expect((await ship({ requestId, trackingNo: 'SF77' })).errCode).toBe(DeskErrCode.owesTooMuch);
    expect((await requests(headers))[0]).toMatchObject({ status: 'ready', delivery: { trackingNo: null } });
    expect((await post<LoanListResponse>(ApiPath.loanList, {}, headers)).data.searchResult).toEqual([]);
  });

  it('two desks sending one delivery at once make one loan', async () => {
    const { reader, headers, addressId } = await readerWithAddress();
    const { recordId } = await onShelf();
    const requestId = (await place(headers, { recordId, addressId })).data.requestId;
    const answers = await Promise.all([
      ship({ requestId, trackingNo: 'SFA1' }),
      ship({ requestId, trackingNo: 'SFB2' }),
    ]);
    expect(answers.map((a) => a.success).sort()).toEqual([false, true]);
    const loans = await t.db.kysely.selectFrom('loan_event').select('id').where('reader_id', '=', reader.id).execute();
    expect(loans).toHaveLength(1);
  });
});

describe('confirming receipt', () => {
  /** A delivery placed, then sent by the desk; the reader's headers and the request id. */
  async function sentDelivery() {
    const made = await readerWithAddress();
    const { recordId } = await onShelf();
    const requestId = (await place(made.headers, { recordId, addressId: made.addressId })).data.requestId;
    expect((await ship({ requestId, trackingNo: 'SF555' })).success).toBe(true);
    return { ...made, requestId };
  }

  it('ends the delivery (accepted) once; a second confirmation is refused and changes nothing; the loan runs on', async () => {
    const { headers, requestId } = await sentDelivery();
    const first = await confirm(requestId, headers, 'zh-TW');
    expect(first).toMatchObject({
      success: true,
      message: text('zh-TW', 'deliveryReceived'),
      data: { requestId, status: 'fulfilled' },
    });
    const [mine] = await requests(headers);
    expect(mine).toMatchObject({ status: 'fulfilled', workflow: 'accepted' });
    expect(mine!.delivery!.receivedAt).toBe(first.data.receivedAt);
    const again = await confirm(requestId, headers, 'en-US');
    expect(again).toMatchObject({
      status: 200,
      success: false,
      errCode: RequestErrCode.alreadyReceived,
      message: text('en-US', 'deliveryAlreadyReceived'),
    });
    expect((await requests(headers))[0]!.delivery!.receivedAt).toBe(first.data.receivedAt);
    expect((await post<LoanListResponse>(ApiPath.loanList, {}, headers)).data.searchResult).toHaveLength(1);
  });

  it('two confirmations at once (a double click): one takes effect', async () => {
    const { headers, requestId } = await sentDelivery();
    const answers = await Promise.all([confirm(requestId, headers), confirm(requestId, headers)]);
    expect(answers.map((a) => a.success).sort()).toEqual([false, true]);
    expect(answers.find((a) => !a.success)!.errCode).toBe(RequestErrCode.alreadyReceived);
    const row = await t.db.kysely
      .selectFrom('circ_request')
      .select(['status', 'received_at'])
      .where('id', '=', String(requestId))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('fulfilled');
    expect(row.received_at).not.toBeNull();
  });

  it("only the reader's own sent delivery: not another reader's, not one not sent yet, not a reservation", async () => {
    const { requestId } = await sentDelivery();
    const stranger = await readerWithAddress();
    expect((await confirm(requestId, stranger.headers)).errCode).toBe(RequestErrCode.noSuchRequest);
    const { recordId } = await onShelf();
    const ready = await place(stranger.headers, { recordId, addressId: stranger.addressId });
    expect(await confirm(ready.data.requestId, stranger.headers)).toMatchObject({
      success: false,
      errCode: RequestErrCode.notShipped,
      message: text('zh-CN', 'deliveryNotShipped'),
    });
    const another = await onShelf();
    const reserve = await post<PlacedRequest>(
      ApiPath.placeRequest,
      { recordId: another.recordId, requestType: 'reserve', pickupLibCode: 'OFU', contactPhone: '13800000000' },
      stranger.headers,
    );
    expect((await confirm(reserve.data.requestId, stranger.headers)).errCode).toBe(RequestErrCode.noSuchRequest);
    // A visitor: 401; GET is not a way to do it.
    expect((await confirm(requestId, {})).status).toBe(401);
    const viaGet = await t.call({
      method: 'GET',
      url: ApiPath.confirmReceipt,
      query: { requestId: String(requestId) },
      headers: stranger.headers,
      mappingPath: tenant.mappingPath,
    });
    expect(viaGet.statusCode).not.toBe(200);
  });
});

describe('cancelling a delivery', () => {
  it('while waiting or ready (the held copy goes back); not once sent', async () => {
    const { headers, addressId } = await readerWithAddress();
    const { recordId } = await onShelf();
    const ready = await place(headers, { recordId, addressId });
    expect((await post(ApiPath.cancelRequest, { requestId: ready.data.requestId }, headers)).success).toBe(true);
    expect((await requests(headers))[0]).toMatchObject({ status: 'cancelled', workflow: null });
    const again = await place(headers, { recordId, addressId });
    expect(again.data.status).toBe('ready');
    await ship({ requestId: again.data.requestId, trackingNo: 'JD0001' });
    for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const)
      expect(await post(ApiPath.cancelRequest, { requestId: again.data.requestId }, headers, lang)).toMatchObject({
        status: 200,
        success: false,
        errCode: RequestErrCode.shippedNoCancel,
        message: text(lang, 'deliveryShippedNoCancel'),
      });
    expect((await requests(headers)).find((r) => r.requestId === again.data.requestId)!.status).toBe('shipped');
  });
});

describe('the workflow step of every kind of request', () => {
  it('is in the list: a reservation waiting and ready, a closed-stack request, a cancelled one', async () => {
    const { headers } = await readerWithAddress();
    const a = await onShelf();
    const b = await onShelf();
    await post(
      ApiPath.placeRequest,
      { recordId: a.recordId, requestType: 'reserve', pickupLibCode: 'OFU', contactPhone: '13800000000' },
      headers,
    );
    await post(
      ApiPath.placeRequest,
      { recordId: b.recordId, requestType: 'entrust', pickupLibCode: 'OFU', contactPhone: '13800000000' },
      headers,
    );
    const list = await requests(headers);
    expect(list.map((r) => [r.requestType, r.status, r.workflow, r.delivery])).toEqual([
      ['reserve', 'ready', 'appointmentArrived', null],
      ['entrust', 'ready', 'retainedOnShelf', null],
    ]);
  });
});
