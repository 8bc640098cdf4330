import { describe, expect, it } from 'vitest';
import { decodeText, encodeText } from './charset.js';
import { hasValidChecksum, sip2Checksum } from './checksum.js';
import { formatSipDateTime, parseSipDateTime } from './datetime.js';
import { Sip2InvalidRequestError, Sip2ProtocolError } from './errors.js';
import { decodeFrame, encodeFrame } from './frame.js';
import { buildMessage, parseMessage, redactMessage } from './message.js';
import {
  checkinRequest,
  checkoutRequest,
  endPatronSessionRequest,
  holdRequest,
  itemInformationRequest,
  loginRequest,
  patronInformationRequest,
  renewAllRequest,
  renewRequest,
  scStatusRequest,
} from './requests.js';
import {
  parseAcsStatus,
  parseCheckinResponse,
  parseCheckoutResponse,
  parseEndSessionResponse,
  parseHoldResponse,
  parseItemInformation,
  parseLoginResponse,
  parsePatronInformation,
  parseRenewAllResponse,
  parseRenewResponse,
} from './responses.js';

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
/** 27 Nov 2026 06:16:41 local time: "20261127    061641". */
const NOW = new Date(2026, 10, 27, 6, 16, 41);
const STAMP = '20261127    061641';

describe('checksum', () => {
  it('matches the values fixed by the protocol and by a real login answer', () => {
    expect(sip2Checksum(ascii('97AZ'))).toBe('FEF5');
    expect(sip2Checksum(ascii('96AZ'))).toBe('FEF6');
    expect(sip2Checksum(ascii('941AY0AZ'))).toBe('FDFD');
  });

  it('is four upper-case hex digits that bring the 16-bit byte sum to zero', () => {
    const bytes = ascii(`6300${STAMP}          AOLIB|AA2024001|AY4AZ`);
    const checksum = sip2Checksum(bytes);
    expect(checksum).toMatch(/^[0-9A-F]{4}$/);
    const sum = [...bytes].reduce((total, byte) => total + byte, 0) + Number.parseInt(checksum, 16);
    expect(sum % 0x10000).toBe(0);
  });

  it('wraps a sum over 16 bits, and pads a small checksum to four digits', () => {
    const long = Buffer.alloc(1000, 0xff); // sum 255000 = 0x3E418
    expect(sip2Checksum(long)).toBe((0x10000 - 0xe418).toString(16).toUpperCase());
    expect(sip2Checksum(Buffer.concat([Buffer.alloc(257, 0xff), Buffer.of(0x01)]))).toBe('0000'); // sum 0x10000
    expect(sip2Checksum(Buffer.concat([Buffer.alloc(256, 0xff), Buffer.of(0xf0)]))).toBe('0010'); // sum 0xFFF0
  });

  it('is computed over the encoded bytes: the same text differs between UTF-8 and GBK', () => {
    const text = '64AE张三|AY1AZ';
    expect(sip2Checksum(encodeText(text, 'utf-8'))).not.toBe(sip2Checksum(encodeText(text, 'gbk')));
    expect(
      hasValidChecksum(Buffer.concat([encodeText(text, 'gbk'), ascii(sip2Checksum(encodeText(text, 'gbk')))])),
    ).toBe(true);
  });

  it('verifies: a changed byte, a missing AZ or non-hex digits fail; lower-case hex passes', () => {
    expect(hasValidChecksum(ascii('941AY0AZFDFD'))).toBe(true);
    expect(hasValidChecksum(ascii('941AY0AZfdfd'))).toBe(true);
    expect(hasValidChecksum(ascii('940AY0AZFDFD'))).toBe(false);
    expect(hasValidChecksum(ascii('941AY0FDFD'))).toBe(false);
    expect(hasValidChecksum(ascii('941AY0AZFDFG'))).toBe(false);
  });
});

describe('SIP2 dates', () => {
  it('formats local time with a blank zone, and UTC with "Z"', () => {
    expect(formatSipDateTime(NOW)).toBe(STAMP);
    expect(formatSipDateTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), true)).toBe('20260102   Z030405');
  });

  it('parses the full form, a bare date, a zone, and keeps other text raw', () => {
    expect(parseSipDateTime('20261211    061641')).toEqual({
      raw: '20261211    061641',
      date: '2026-12-11',
      time: '06:16:41',
      zone: null,
    });
    expect(parseSipDateTime('20261211   Z235959')).toMatchObject({ date: '2026-12-11', time: '23:59:59', zone: 'Z' });
    expect(parseSipDateTime('20501231')).toMatchObject({ date: '2050-12-31', time: null, zone: null });
    expect(parseSipDateTime('11/12/2026')).toEqual({ raw: '11/12/2026', date: null, time: null, zone: null });
  });
});

describe('character sets', () => {
  it('round-trips Chinese through UTF-8, GBK and GB18030', () => {
    for (const charset of ['utf-8', 'gbk', 'gb18030'] as const) {
      expect(decodeText(encodeText('红楼梦 读者证已挂失', charset), charset)).toBe('红楼梦 读者证已挂失');
    }
    expect(encodeText('张三', 'gbk')).toEqual(Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]));
    // A character outside GBK needs GB18030's four-byte form.
    expect(encodeText('𠀀', 'gb18030')).toHaveLength(4);
  });

  it('decodes to NFC (some systems send decomposed text)', () => {
    expect(decodeText(Buffer.from('ca\u0301liz', 'utf8'), 'utf-8')).toBe('c\u00e1liz');
  });
});

describe('frames', () => {
  it('appends AY<n>AZ<checksum> and CR; a 97 carries no sequence number', () => {
    expect(
      encodeFrame('9300CNterm|COsecret|', { charset: 'utf-8', errorDetection: true, sequence: 0 }).toString(),
    ).toMatch(/^9300CNterm\|COsecret\|AY0AZ[0-9A-F]{4}\r$/);
    expect(encodeFrame('97', { charset: 'utf-8', errorDetection: true, sequence: null }).toString()).toBe('97AZFEF5\r');
    expect(encodeFrame('9900302.00', { charset: 'utf-8', errorDetection: false, sequence: 3 }).toString()).toBe(
      '9900302.00\r',
    );
  });

  it('decodes: checksum checked on the bytes, suffix removed, sequence read', () => {
    const bytes = encodeFrame('64AE张三|', { charset: 'gbk', errorDetection: true, sequence: 7 }).subarray(0, -1);
    expect(decodeFrame(bytes, 'gbk')).toEqual({ text: '64AE张三|', sequence: 7, checksum: 'valid' });
    const corrupt = Buffer.from(bytes);
    corrupt[4] = 0x41;
    expect(decodeFrame(corrupt, 'gbk').checksum).toBe('invalid');
    expect(decodeFrame(ascii('941'), 'utf-8')).toEqual({ text: '941', sequence: null, checksum: 'absent' });
    expect(decodeFrame(ascii('96AZFEF6'), 'utf-8')).toEqual({ text: '96', sequence: null, checksum: 'valid' });
  });
});

describe('messages', () => {
  it('builds fixed part and fields, leaving out undefined fields', () => {
    expect(
      buildMessage('17', STAMP, [
        ['AO', 'LIB'],
        ['AB', '123'],
        ['AC', undefined],
      ]),
    ).toBe(`17${STAMP}AOLIB|AB123|`);
  });

  it('refuses a value holding "|" or a line break, without repeating the value', () => {
    const build = () => buildMessage('93', '00', [['CO', 'pa|ss']]);
    expect(build).toThrow(Sip2InvalidRequestError);
    expect(build).toThrow(/field CO/);
    expect(build).not.toThrow(/pa\|ss/);
    expect(() => buildMessage('17', STAMP, [['AB', 'a\rb']])).toThrow(Sip2InvalidRequestError);
    expect(() => buildMessage('17', 'short')).toThrow(/fixed part/);
  });

  it('parses fields after the fixed part; repeated fields keep every value in order', () => {
    const message = parseMessage(`36Y${STAMP}AOLIB|AA2024001|AFone|AFtwo|`);
    expect(message).toEqual({
      code: '36',
      fixed: `Y${STAMP}`,
      fields: { AO: ['LIB'], AA: ['2024001'], AF: ['one', 'two'] },
    });
    // A "|" inside the fixed part is not a delimiter; a last field without "|" still counts.
    expect(parseMessage(`36|${STAMP}AFbye`).fields).toEqual({ AF: ['bye'] });
  });

  it('throws a protocol error for an answer shorter than its fixed part', () => {
    expect(() => parseMessage('64  Y')).toThrow(Sip2ProtocolError);
  });

  it('redacts the login password, terminal password and patron password', () => {
    const login = loginRequest({ user: 'term', password: 'topsecret', locationCode: 'Desk1' }).text;
    expect(redactMessage(login)).toBe('9300CNterm|CO***|CPDesk1|');
    const renew = renewRequest({
      institutionId: 'LIB',
      patronId: '2024001',
      patronPassword: '6789',
      terminalPassword: 'acpass',
      itemId: 'B1',
      now: NOW,
    }).text;
    expect(redactMessage(renew)).not.toMatch(/6789|acpass/);
    expect(redactMessage(renew)).toContain('AA2024001|AD***|ABB1|AC***|');
  });
});

describe('requests', () => {
  const patron = { institutionId: 'LIB', patronId: '2024001', now: NOW };

  it('login (93) and SC status (99)', () => {
    expect(loginRequest({ user: 'term', password: 'pw' })).toEqual({
      code: '93',
      answer: '94',
      text: '9300CNterm|COpw|',
    });
    expect(scStatusRequest().text).toBe('9900002.00');
    expect(scStatusRequest({ statusCode: 1, maxPrintWidth: 40 }).text).toBe('9910402.00');
  });

  it('patron information (63): summary position and BP/BQ range', () => {
    expect(patronInformationRequest({ ...patron, patronPassword: '6789' }).text).toBe(
      `63000${STAMP}          AOLIB|AA2024001|AD6789|`,
    );
    expect(patronInformationRequest({ ...patron, summary: { kind: 'charged', start: 1, end: 5 } }).text).toBe(
      `63000${STAMP}  Y       AOLIB|AA2024001|BP1|BQ5|`,
    );
    expect(patronInformationRequest({ ...patron, language: '019', summary: { kind: 'hold' } }).text).toBe(
      `63019${STAMP}Y         AOLIB|AA2024001|`,
    );
    expect(patronInformationRequest({ ...patron, summary: { kind: 'unavailable-hold' } }).text.slice(23, 33)).toBe(
      '     Y    ',
    );
  });

  it('item information (17), checkout (11), renew (29), renew all (65), end session (35)', () => {
    expect(itemInformationRequest({ institutionId: 'LIB', itemId: 'B1', now: NOW }).text).toBe(`17${STAMP}AOLIB|ABB1|`);
    expect(checkoutRequest({ ...patron, itemId: 'B1', patronPassword: '6789' })).toEqual({
      code: '11',
      answer: '12',
      text: `11NN${STAMP}${' '.repeat(18)}AOLIB|AA2024001|ABB1|AC|AD6789|`,
    });
    expect(renewRequest({ ...patron, itemId: 'B1', feeAcknowledged: true }).text).toBe(
      `29NN${STAMP}${' '.repeat(18)}AOLIB|AA2024001|ABB1|BOY|`,
    );
    expect(renewAllRequest({ ...patron, patronPassword: '6789' }).text).toBe(`65${STAMP}AOLIB|AA2024001|AD6789|`);
    expect(endPatronSessionRequest(patron)).toEqual({ code: '35', answer: '36', text: `35${STAMP}AOLIB|AA2024001|` });
    expect(checkinRequest({ institutionId: 'LIB', itemId: 'B1', currentLocation: 'DESK', now: NOW })).toEqual({
      code: '09',
      answer: '10',
      text: `09N${STAMP}${STAMP}APDESK|AOLIB|ABB1|AC|`,
    });
  });

  it('hold (15): place with pickup location and hold type, cancel', () => {
    expect(holdRequest({ ...patron, mode: '+', itemId: 'B1', pickupLocation: '总馆', holdType: 'any-copy' }).text).toBe(
      `15+${STAMP}BS总馆|BY2|AOLIB|AA2024001|ABB1|`,
    );
    expect(
      holdRequest({ ...patron, mode: '+', itemId: 'B1', holdType: 'specific-copy', expiresAt: new Date(2027, 0, 31) })
        .text,
    ).toBe(`15+${STAMP}BW20270131    000000|BY3|AOLIB|AA2024001|ABB1|`);
    expect(holdRequest({ ...patron, mode: '-', itemId: 'B1' }).text).toBe(`15-${STAMP}AOLIB|AA2024001|ABB1|`);
  });
});

describe('answers', () => {
  it('login (94)', () => {
    expect(parseLoginResponse(parseMessage('941'))).toEqual({ ok: true });
    expect(parseLoginResponse(parseMessage('940'))).toEqual({ ok: false });
  });

  it('ACS status (98) with supported messages', () => {
    const status = parseAcsStatus(
      parseMessage(`98YYNYNN100003${STAMP}2.00AOLIB|AM市图书馆|BXYYYNYYYYYNYNYYYY|AFwelcome|`),
    );
    expect(status).toMatchObject({
      online: true,
      checkinOk: true,
      checkoutOk: false,
      renewalPolicy: true,
      statusUpdateOk: false,
      offlineOk: false,
      timeoutPeriod: 100,
      retriesAllowed: 3,
      dateTimeSync: { date: '2026-11-27', time: '06:16:41' },
      protocolVersion: '2.00',
      institutionId: 'LIB',
      libraryName: '市图书馆',
      screenMessages: ['welcome'],
    });
    expect(status.supportedMessages).toMatchObject({ checkout: true, blockPatron: false, renew: true, renewAll: true });
    expect(parseAcsStatus(parseMessage(`98YYYYNN999999${STAMP}1.00AOLIB|`))).toMatchObject({
      timeoutPeriod: null,
      retriesAllowed: null,
      supportedMessages: null,
    });
  });

  it('patron information (64): status flags, counts, lists, fees, repeatable screen messages', () => {
    const status = ' Y  Y     Y   '; // renewal denied, card lost, excessive fines
    const info = parsePatronInformation(
      parseMessage(
        `64${status}001${STAMP}000100020002000000000000AOLIB|AA2024001|AE王小明|BZ0005|CB0010|BHCNY|BV1.50|` +
          'AU9787020002207|AU9787108128065|BLY|CQN|BD北京市海淀区|BEwang@example.org|BF13800000000|' +
          'AF读者证已挂失|AF请到服务台|AGprint|XXextension|',
      ),
    );
    expect(info.status).toEqual({
      chargePrivilegesDenied: false,
      renewalPrivilegesDenied: true,
      recallPrivilegesDenied: false,
      holdPrivilegesDenied: false,
      cardReportedLost: true,
      tooManyItemsCharged: false,
      tooManyItemsOverdue: false,
      tooManyRenewals: false,
      tooManyClaimsOfItemsReturned: false,
      tooManyItemsLost: false,
      excessiveOutstandingFines: true,
      excessiveOutstandingFees: false,
      recallOverdue: false,
      tooManyItemsBilled: false,
    });
    expect(info).toMatchObject({
      language: '001',
      transactionDate: { date: '2026-11-27', time: '06:16:41' },
      counts: {
        holdItems: 1,
        overdueItems: 2,
        chargedItems: 2,
        fineItems: 0,
        recallItems: 0,
        unavailableHolds: 0,
      },
      institutionId: 'LIB',
      patronId: '2024001',
      personalName: '王小明',
      holdItemsLimit: 5,
      overdueItemsLimit: null,
      chargedItemsLimit: 10,
      currency: 'CNY',
      feeAmount: '1.50',
      chargedItems: ['9787020002207', '9787108128065'],
      holdItems: [],
      validPatron: true,
      validPassword: false,
      homeAddress: '北京市海淀区',
      email: 'wang@example.org',
      homePhone: '13800000000',
      screenMessages: ['读者证已挂失', '请到服务台'],
      printLines: ['print'],
    });
    expect(info.fields['XX']).toEqual(['extension']);
  });

  it('patron information (64) of an unknown card: BL N, no password check, blank counts', () => {
    const info = parsePatronInformation(
      parseMessage(`64YYYY          000${STAMP}${' '.repeat(24)}AOLIB|AAnobody|AE|BLN|`),
    );
    expect(info).toMatchObject({ validPatron: false, validPassword: null, personalName: null, patronId: 'nobody' });
    expect(info.status.chargePrivilegesDenied && info.status.holdPrivilegesDenied).toBe(true);
    expect(info.counts.chargedItems).toBeNull();
  });

  it('item information (18): circulation status, due date, hold queue, call number', () => {
    const item = parseItemInformation(
      parseMessage(`18040201${STAMP}CF1|AH20261211    061641|AB9787020002207|AJ红楼梦|BGLIB|CK001|AQ总馆|CSI242.47/1|`),
    );
    expect(item).toMatchObject({
      circulationStatusCode: '04',
      circulationStatus: 'charged',
      securityMarker: '02',
      feeType: '01',
      holdQueueLength: 1,
      dueDate: { date: '2026-12-11', time: '06:16:41' },
      itemId: '9787020002207',
      title: '红楼梦',
      owner: 'LIB',
      mediaType: '001',
      permanentLocation: '总馆',
      callNumber: 'I242.47/1',
    });
    expect(parseItemInformation(parseMessage(`18990101${STAMP}ABx|AJ|`))).toMatchObject({
      circulationStatus: 'other',
      title: null,
      dueDate: null,
    });
  });

  it('renew (30): renewed with a new due date, or refused with the reason in AF', () => {
    const renewed = parseRenewResponse(
      parseMessage(`301YNN${STAMP}AOLIB|AA2024001|ABB1|AJTitle|AH20261211    061641|`),
    );
    expect(renewed).toMatchObject({
      ok: true,
      renewalOk: true,
      magneticMedia: false,
      desensitize: false,
      dueDate: { date: '2026-12-11' },
      screenMessages: [],
    });
    const refused = parseRenewResponse(
      parseMessage(`300NUN${STAMP}AA2024001|ABB1|AJTitle|AH|AOLIB|AF该书已被他人预约|`),
    );
    expect(refused).toMatchObject({
      ok: false,
      renewalOk: false,
      magneticMedia: null,
      dueDate: null,
      screenMessages: ['该书已被他人预约'],
    });
  });

  it('checkin (10): taken back, or refused with the reason', () => {
    expect(parseCheckinResponse(parseMessage(`101YNN${STAMP}AOLIB|ABB1|AJ红楼梦|`))).toMatchObject({
      ok: true,
      itemId: 'B1',
      title: '红楼梦',
    });
    expect(parseCheckinResponse(parseMessage(`100NNN${STAMP}AOLIB|ABB9|AFNot checked out|`))).toMatchObject({
      ok: false,
      screenMessages: ['Not checked out'],
    });
    expect(() => parseCheckinResponse(parseMessage(`121NNY${STAMP}AOLIB|`))).toThrow();
  });

  it('checkout (12), renew all (66), hold (16), end session (36)', () => {
    expect(
      parseCheckoutResponse(parseMessage(`121NNY${STAMP}AOLIB|AA2024001|ABB1|AH20261211    061641|`)),
    ).toMatchObject({
      ok: true,
      renewalOk: false,
      desensitize: true,
      dueDate: { date: '2026-12-11' },
    });
    expect(parseRenewAllResponse(parseMessage(`6610001000120261127    061641AOLIB|BMB2|BNB1|`))).toMatchObject({
      ok: true,
      renewedCount: 1,
      unrenewedCount: 1,
      renewedItems: ['B2'],
      unrenewedItems: ['B1'],
    });
    expect(
      parseHoldResponse(parseMessage(`161N${STAMP}BW20270131    000000|BR2|BS总馆|AA2024001|ABB1|AJTitle|AOLIB|`)),
    ).toMatchObject({
      ok: true,
      available: false,
      expirationDate: { date: '2027-01-31' },
      queuePosition: 2,
      pickupLocation: '总馆',
      itemId: 'B1',
    });
    expect(parseHoldResponse(parseMessage(`160N${STAMP}AA2024001|AOLIB|AFNo such hold.|`))).toMatchObject({
      ok: false,
      screenMessages: ['No such hold.'],
    });
    expect(parseEndSessionResponse(parseMessage(`36Y${STAMP}AOLIB|AA2024001|AFbye|`))).toMatchObject({
      ended: true,
      patronId: '2024001',
      screenMessages: ['bye'],
    });
  });

  it('refuses an answer of another type', () => {
    expect(() => parseRenewResponse(parseMessage('941'))).toThrow(/expected renew response \(30\), got login response/);
  });
});
