import { expect, test, type APIRequestContext } from '@playwright/test';
import { SEARCH_REQUEST_TEMPLATE } from '../packages/contract/src/search';
import { RequestErrCode } from '../packages/contract/src/values/requests';
import { openPage, presetLang, type Lang } from './support/app';
import { startSession, type Envelope } from './support/account';
import { expectNoBlockingViolations, horizontalOverflow } from './support/checks';
import { escapeRegExp, serverText, webText } from './support/texts';

/** The accounts e2e/support/prepare-delivery.mjs prepares in each demo institution. */
const DELIVERY_READER = { account: 'courier', password: 'Reader2026' };
const DELIVERY_DESK = { username: 'delivery-desk', password: 'Desk-2026-Send' };

/**
 * Home delivery (送书上门), end to end: a reader without an address is sent to add one; with it, they
 * ask for a record to be delivered from its page; the desk sends it (over HTTP, as the staff console
 * will); the reader sees it in logistics with its tracking number, and confirms receipt.
 */

/** Each language in its own institution (the prepared `courier` reader and `delivery-desk` account are in each). */
const INSTITUTION: Record<Lang, string> = { 'zh-CN': '', 'zh-TW': 'beiling', 'en-US': 'xihu' };

const json = (mappingPath: string, extra: Record<string, string> = {}) => ({
  mappingPath,
  'content-type': 'application/json',
  ...extra,
});

/** A record of the institution with two loanable copies on the shelf (a copy is held at once). */
async function shelfRecord(request: APIRequestContext, mappingPath: string): Promise<number> {
  const found = (await (
    await request.post('/find/unify/search', {
      headers: json(mappingPath),
      data: { ...SEARCH_REQUEST_TEMPLATE, searchFieldContent: '中国', page: 2, rows: 50 },
    })
  ).json()) as Envelope<{ searchResult: Array<{ recordId: number }> }>;
  for (const { recordId } of found.data.searchResult.reverse()) {
    const items = (await (
      await request.post('/find/physical/groupItemsByLibCode', { headers: json(mappingPath), data: { recordId } })
    ).json()) as Envelope<{
      sortedList: Record<string, { phyItemVo: Array<{ circAttr: string; processTypeCode: string }> }>;
    }>;
    const free = Object.values(items.data?.sortedList ?? {})
      .flatMap((l) => l.phyItemVo)
      .filter((i) => i.circAttr === '0' && i.processTypeCode === '411');
    if (free.length >= 2) return recordId;
  }
  throw new Error(`no record with two copies on the shelf in "${mappingPath}"`);
}

/** A desk session (X-Staff-Token) of the prepared desk account. */
async function deskHeaders(request: APIRequestContext, mappingPath: string): Promise<Record<string, string>> {
  const login = (await (
    await request.post('/oga/admin/login', { headers: json(mappingPath), data: DELIVERY_DESK })
  ).json()) as Envelope<{ token: string; header: string }>;
  expect(login.success, login.message).toBe(true);
  return json(mappingPath, { [login.data.header]: login.data.token });
}

for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`Home delivery: add an address, ask from the record page, the desk sends it, confirm receipt (${lang})`, async ({
    page,
    request,
  }) => {
    const mappingPath = INSTITUTION[lang];
    const base = mappingPath ? `/${mappingPath}` : '';
    const text = (key: string, vars: Record<string, string | number> = {}) => webText(lang, `myLibrary:${key}`, vars);
    const recordText = (key: string) => webText(lang, `record:${key}`);
    const recordId = await shelfRecord(request, mappingPath);
    await presetLang(page, lang);
    const session = await startSession(page, mappingPath, DELIVERY_READER.account, DELIVERY_READER.password);
    const readerHeaders = json(mappingPath, { [session.jwtHeader]: session.jwt });

    // No address yet: the dialog says so and links to My Library's addresses.
    await openPage(page, `${base}/searchList/bookDetails/${recordId}`);
    await page.getByRole('button', { name: recordText('actions.delivery'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: recordText('request.title.delivery') });
    await expect(dialog.getByText(recordText('request.noAddress'))).toBeVisible();
    await expect(dialog.getByRole('button', { name: recordText('request.confirm.delivery') })).toBeDisabled();
    await expectNoBlockingViolations(page);
    await dialog.getByRole('link', { name: recordText('request.addAddress') }).click();
    await expect(page.getByRole('heading', { level: 2, name: text('entries.9') })).toBeVisible();

    // Two addresses (as the addresses screen adds them; its own flow is tested elsewhere): the second the default.
    for (const [detail, isDefault] of [
      ['文三路 90 号 2 幢 1101 室', '0'],
      ['中关村大街 27 号 3 单元 502 室', '1'],
    ] as const) {
      const added = (await (
        await request.post('/find/userAddress/add', {
          headers: readerHeaders,
          data: {
            recipient: '送书读者',
            phone: '13800000077',
            region: '北京市 海淀区',
            detail,
            postcode: '100080',
            isDefault,
          },
        })
      ).json()) as Envelope;
      expect(added.success, added.message).toBe(true);
    }

    // Ask for it: the default address is chosen; the copy on the shelf is held for the desk to send.
    await openPage(page, `${base}/searchList/bookDetails/${recordId}`);
    await page.getByRole('button', { name: recordText('actions.delivery'), exact: true }).click();
    const addresses = dialog.getByRole('radiogroup', { name: recordText('request.address') });
    await expect(addresses.getByRole('radio')).toHaveCount(2);
    await expect(addresses.getByRole('radio', { name: /中关村大街/ })).toBeChecked();
    await expectNoBlockingViolations(page);
    await dialog.getByRole('button', { name: recordText('request.confirm.delivery') }).click();
    await expect(page.getByText(serverText(lang, 'deliveryReady'))).toBeVisible();

    // My Library → Requests: picking from the shelf; the address as it was chosen.
    await openPage(page, `${base}/personalCenter?key=4`);
    const row = page
      .locator('.of-loans-list > li')
      .filter({ has: page.locator(`a[href$="/searchList/bookDetails/${recordId}"]`) });
    await expect(row).toContainText(text('requests.status.toSend'));
    await expect(row).toContainText(text('requests.workflow.pickingFromShelf'));
    await expect(row).toContainText('中关村大街 27 号 3 单元 502 室');

    // The desk sends it (the staff console's call): lent to the reader, with its tracking number.
    const desk = await deskHeaders(request, mappingPath);
    const toSend = (await (
      await request.get('/find/admin/circ/deliveries?status=ready', { headers: desk })
    ).json()) as Envelope<{ list: Array<{ requestId: number; recordId: number; reader: string }> }>;
    const delivery = toSend.data.list.find((d) => d.recordId === recordId && d.reader === DELIVERY_READER.account);
    expect(delivery).toBeDefined();
    const trackingNo = `SF${Date.now()}`.slice(0, 16);
    const sent = (await (
      await request.post('/find/admin/circ/ship', {
        headers: desk,
        data: { requestId: delivery!.requestId, trackingNo },
      })
    ).json()) as Envelope;
    expect(sent.success, sent.message).toBe(true);
    // A reader's session is not a desk's.
    const byReader = await request.post('/find/admin/circ/ship', {
      headers: readerHeaders,
      data: { requestId: delivery!.requestId, trackingNo },
    });
    expect(byReader.status()).toBe(403);

    // In logistics, with the tracking number; then receipt confirmed (asked once more first).
    await page.reload();
    await expect(row).toContainText(text('requests.status.shipped'));
    await expect(row).toContainText(text('requests.workflow.inLogistics'));
    await expect(row.locator('.of-request-tracking strong')).toHaveText(trackingNo);
    await expect(
      row.getByRole('button', { name: new RegExp(`^${escapeRegExp(text('requests.cancel'))}`) }),
    ).toHaveCount(0);
    await expectNoBlockingViolations(page);
    await page.screenshot({ path: test.info().outputPath(`delivery-in-logistics-${lang}.png`), fullPage: true });
    // On a 390 px phone the address and the tracking number wrap, nothing sticks out.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`delivery-in-logistics-${lang}-mobile.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole('button', { name: new RegExp(`^${escapeRegExp(text('requests.confirmReceipt'))}`) }).click();
    await row.getByRole('button', { name: text('requests.confirmReceived') }).click();
    await expect(page.getByText(serverText(lang, 'deliveryReceived'))).toBeVisible();
    await expect(row).toContainText(text('requests.workflow.accepted'));
    await expect(row).toContainText(text('requests.status.fulfilled'));
    await expect(
      row.getByRole('button', { name: new RegExp(escapeRegExp(text('requests.confirmReceipt'))) }),
    ).toHaveCount(0);
    // A second confirmation (another tab, a double click) is refused and changes nothing.
    const again = (await (
      await request.post('/find/request/confirmReceipt', {
        headers: readerHeaders,
        data: { requestId: delivery!.requestId },
      })
    ).json()) as Envelope;
    expect(again).toMatchObject({ success: false, errCode: RequestErrCode.alreadyReceived });
  });
}

test('Home delivery on a 390 px phone: the dialog fits (zh-CN)', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await presetLang(page, 'zh-CN');
  // The courier reader may have its addresses by now or not (the flow above runs beside): the dialog
  // is measured either way.
  await startSession(page, '', DELIVERY_READER.account, DELIVERY_READER.password);
  const recordId = await shelfRecord(request, '');
  await openPage(page, `/searchList/bookDetails/${recordId}`);
  await page.getByRole('button', { name: webText('zh-CN', 'record:actions.delivery'), exact: true }).click();
  await expect(page.getByRole('dialog', { name: webText('zh-CN', 'record:request.title.delivery') })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('delivery-dialog-zh-CN-mobile.png') });
  await expectNoBlockingViolations(page);
});
