import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  AuthErrCode,
  AVATAR_MAX_BYTES,
  PersonalInfoErrCode,
  residentIdCheckCharacter,
  type AvatarResult,
  type PersonalInfo,
  type UserInfo,
} from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { bindIdentity } from '../src/modules/auth/auth-repository.js';
import { setLibraryRecordedDetails } from '../src/modules/personal-info/personal-info-repository.js';
import { bearer, TEST_AUTH, tokenOf } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReaderWith, makeTenant, type MadeReader, type MadeTenant } from './support/factories.js';

/**
 * My Library's personal information (key 1): the reader's details, the certificate number with its
 * check, the preferences, and the avatar (content checked, size and pixels bounded, re-encoded
 * without metadata, served at an unguessable address) — each only for the session's own reader.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
});
afterAll(async () => t?.close());

type Lang = CallOptions['lang'];

/** A new reader of `tenant` (fields as given) and its session's header. */
async function loggedIn(
  spec: Parameters<typeof makeReaderWith>[2] = {},
  tenant = home,
): Promise<{ reader: MadeReader; headers: Record<string, string>; jwt: string }> {
  const reader = await makeReaderWith(t, tenant.id, spec);
  const jwt = await tokenOf(t, reader.account, reader.password, tenant.mappingPath);
  return { reader, headers: bearer(jwt), jwt };
}

const info = async (headers: Record<string, string>, lang?: Lang, tenant = home) => {
  const res = await t.call({ url: ApiPath.personalInfo, mappingPath: tenant.mappingPath, headers, lang });
  return { res, env: envelopeOf<PersonalInfo>(res) };
};
const update = async (headers: Record<string, string>, body: object, lang?: Lang) => {
  const res = await t.call({ url: ApiPath.updatePersonalInfo, mappingPath: home.mappingPath, body, headers, lang });
  return { res, env: envelopeOf<PersonalInfo>(res) };
};
/** POSTs the bytes as the avatar (declared as `type`). */
const upload = async (
  headers: Record<string, string>,
  bytes: Buffer | Readable,
  type = 'image/jpeg',
  lang?: Lang,
  tenant = home,
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: ApiPath.uploadAvatar,
    headers: {
      mappingPath: tenant.mappingPath,
      'content-type': type,
      ...(lang ? { 'content-language': lang } : {}),
      ...headers,
    },
    payload: bytes,
  });
  return { res, env: envelopeOf<AvatarResult>(res) };
};
const image = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const userInfo = async (headers: Record<string, string>) =>
  envelopeOf<UserInfo>(await t.call({ url: ApiPath.userInfo, mappingPath: home.mappingPath, headers })).data;

/** A resident identity number of this region, birth date and sequence, with its right check character. */
const residentId = (first17: string) => first17 + residentIdCheckCharacter(first17);

/** A photograph-like JPEG with EXIF: a camera, a copyright and a GPS position (WGS-84). */
async function jpegWithGps(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .withExif({
      IFD0: { Make: 'TestCam', Copyright: 'openfind-exif-marker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '39/1 54/1 2700/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '116/1 23/1 0/1',
        GPSMapDatum: 'WGS-84-gps-marker',
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A PNG with transparency and a text chunk. */
async function png(width = 300, height = 500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A decompression bomb: a real, valid 1-bit grey PNG of 20000 × 20000 pixels (400 megapixels, 1.2 GB
 * decoded as RGB) in a file of some 50 KB.
 */
function pixelBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grey
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8))); // filter byte 0 and zero pixels, every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function expectRefused(
  r: { res: LightMyRequestResponse; env: { success: boolean; errCode: number; message: string } },
  errCode: number,
  message: string,
  status = 200,
) {
  expect(r.res.statusCode).toBe(status);
  expect(r.env).toMatchObject({ success: false, errCode, message });
}

describe('the personal information', () => {
  it("shows the reader's details: card, affiliation, masked certificate and contacts, bindings, money, preferences", async () => {
    const { reader, headers } = await loggedIn({
      cardNo: 'P0001',
      name: '周敏',
      department: '物理学院',
      readerType: '研究生',
      email: 'zhou.min@example.org',
      phone: '13912345678',
      phoneVerified: false,
      validFrom: '2024-09-01',
      validUntil: '2099-07-31',
    });
    await setLibraryRecordedDetails(t.db.kysely, home.id, reader.id, {
      position: '助教',
      grade: '2024级',
      className: '凝聚态 2401',
      idType: 'resident',
      idNumber: '11010519491231002X',
      depositCents: 10_000,
      prepaymentCents: 2_550,
      transferLending: true,
    });
    await bindIdentity(t.db.kysely, home.id, 'wechat', `wx-${reader.id}`, reader.id);
    await bindIdentity(t.db.kysely, home.id, 'passport', `pp-${reader.id}`, reader.id);
    const { env } = await info(headers);
    expect(env.success).toBe(true);
    expect(env.data).toMatchObject({
      userId: String(reader.id),
      account: reader.account,
      cardNo: 'P0001',
      name: '周敏',
      readerType: '研究生',
      department: '物理学院',
      position: '助教',
      grade: '2024级',
      className: '凝聚态 2401',
      idType: 'resident',
      idNumber: '110***********002X',
      mobile: '139****5678',
      mobileCheckFlag: '0',
      email: 'z***@example.org',
      emailCheckFlag: '1',
      wechatBindFlag: '1',
      xuexitongBindFlag: '1',
      unifiedAuthBindFlag: '0',
      status: 'normal',
      validFrom: '2024-09-01',
      validUntil: '2099-07-31',
      cardExpired: false,
      deposit: '100.00',
      prepayment: '25.50',
      transferLendFlag: '1',
      borrowPasswordFlag: '0',
      avatarUrl: '',
      hasOwnAvatar: false,
    });
    expect(env.data.libName).not.toBe('');
    // The whole certificate number, phone and address never leave the server in this answer.
    const raw = JSON.stringify(env);
    for (const secret of ['11010519491231002X', '13912345678', 'zhou.min@example.org'])
      expect(raw).not.toContain(secret);
  });

  it('says when the card has expired, and answers 401 without a session', async () => {
    const { headers } = await loggedIn({ validUntil: '2020-01-31' });
    expect((await info(headers)).env.data.cardExpired).toBe(true);
    const visitor = await info({});
    expect(visitor.res.statusCode).toBe(401);
  });
});

describe('changing the certificate number (spec §5 "ID number format incorrect")', () => {
  it("saves a right resident number, masked in the answer, with '保存成功！' in each language", async () => {
    const { reader, headers } = await loggedIn();
    const id = residentId('44030519900307123');
    const zh = await update(headers, { idType: 'resident', idNumber: ` ${id.slice(0, 6)} ${id.slice(6)} ` });
    expect(zh.env).toMatchObject({ success: true, message: '保存成功！' });
    expect(zh.env.data.idNumber).toBe(`440***********${id.slice(-4)}`);
    const stored = await t.db.kysely
      .selectFrom('reader')
      .select('id_number')
      .where('id', '=', reader.id)
      .executeTakeFirst();
    expect(stored?.id_number).toBe(id);
    expect((await update(headers, { idNumber: id }, 'zh_HK')).env.message).toBe('儲存成功！');
    expect((await update(headers, { idNumber: id }, 'en_US')).env.message).toBe(text('en-US', 'infoSaved'));
  });

  it('refuses a wrong check digit, a date that is no date, a 15-digit number, in the reader’s language; nothing changes', async () => {
    const { reader, headers } = await loggedIn();
    const good = residentId('44030519900307123');
    const wrongDigit = good.slice(0, 17) + (good[17] === '1' ? '2' : '1');
    const cases: [string, string, Lang][] = [
      [wrongDigit, text('zh-CN', 'idNumberCheckDigit'), 'zh_CN'],
      [residentId('44030519900230123'), text('en-US', 'idNumberBirthDate'), 'en_US'],
      [residentId('44030529900101123'), text('zh-TW', 'idNumberBirthDate'), 'zh_HK'],
      ['440305900307123', text('zh-CN', 'idNumberOldFormat'), 'zh_CN'],
      ['4403051990030712', text('en-US', 'idNumberInvalid'), 'en_US'],
    ];
    for (const [idNumber, message, lang] of cases) {
      expectRefused(
        await update(headers, { idType: 'resident', idNumber }, lang),
        PersonalInfoErrCode.idNumberInvalid,
        message,
      );
    }
    const stored = await t.db.kysely
      .selectFrom('reader')
      .select('id_number')
      .where('id', '=', reader.id)
      .executeTakeFirst();
    expect(stored?.id_number).toBe('');
    // An id number too long for any type is a 400 from the contract, not a 500.
    expect((await update(headers, { idNumber: '1'.repeat(200) })).res.statusCode).toBe(400);
  });

  it('checks other certificates by their form, and a type change against the number', async () => {
    const { headers } = await loggedIn();
    expect((await update(headers, { idType: 'passport', idNumber: 'e12345678' })).env.data).toMatchObject({
      idType: 'passport',
      idNumber: 'E12**5678',
    });
    expectRefused(
      await update(headers, { idType: 'hkmo', idNumber: 'X1234' }),
      PersonalInfoErrCode.idNumberInvalid,
      text('zh-CN', 'idNumberInvalid'),
    );
    // A passport number is no resident number: the type alone cannot change.
    expectRefused(
      await update(headers, { idType: 'resident' }),
      PersonalInfoErrCode.idNumberInvalid,
      text('zh-CN', 'idNumberInvalid'),
    );
    expect((await update(headers, { idType: 'hkmo', idNumber: 'H12345678' })).env.data.idType).toBe('hkmo');
  });

  it('saves the preferences alone; a lost card changes nothing', async () => {
    const { headers } = await loggedIn();
    const saved = await update(headers, { transferLendFlag: '1', borrowPasswordFlag: true });
    expect(saved.env.data).toMatchObject({ transferLendFlag: '1', borrowPasswordFlag: '1', idNumber: '' });
    expect((await update(headers, { borrowPasswordFlag: 0 })).env.data).toMatchObject({
      transferLendFlag: '1',
      borrowPasswordFlag: '0',
    });
    const lost = await loggedIn({ status: 'lost' });
    expectRefused(
      await update(lost.headers, { transferLendFlag: '1' }),
      PersonalInfoErrCode.readerLost,
      text('zh-CN', 'lostCannotEditProfile'),
    );
    expect((await info(lost.headers)).env.data.transferLendFlag).toBe('0');
  });
});

describe('the avatar (spec §5: JPEG or PNG, at most 5M)', () => {
  it("re-encodes a JPEG to 256 × 256 without its EXIF and GPS, shows it in userinfo, answers '上传成功！'", async () => {
    const { headers } = await loggedIn();
    const photo = await jpegWithGps();
    // The upload does carry the position.
    expect((await sharp(photo).metadata()).exif?.includes('WGS-84-gps-marker')).toBe(true);
    const up = await upload(headers, photo);
    expect(up.env).toMatchObject({ success: true, message: '上传成功！', data: { width: 256, height: 256 } });
    expect(up.env.data.avatarUrl).toMatch(/^\/find\/userInfo\/avatar\?mappingPath=lib\d+&key=[\w-]{32}$/);

    const served = await image(up.env.data.avatarUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const bytes = served.rawPayload;
    expect(bytes.length).toBe(up.env.data.bytes);
    expect(bytes.length).toBeLessThan(40_000);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    for (const marker of ['WGS-84-gps-marker', 'openfind-exif-marker', 'TestCam', 'Exif']) {
      expect(bytes.includes(marker), marker).toBe(false);
    }
    // Revalidation by ETag.
    const again = await image(up.env.data.avatarUrl, { 'if-none-match': String(served.headers.etag) });
    expect(again.statusCode).toBe(304);

    expect((await userInfo(headers)).opacPicUrl).toBe(up.env.data.avatarUrl);
    expect((await info(headers)).env.data).toMatchObject({ avatarUrl: up.env.data.avatarUrl, hasOwnAvatar: true });
  });

  it('takes a PNG (transparency on white), also one declared as image/jpeg or as plain bytes; in each language', async () => {
    const { headers } = await loggedIn();
    const tw = await upload(headers, await png(), 'image/jpeg', 'zh_HK');
    expect(tw.env).toMatchObject({ success: true, message: '上傳成功！' });
    const en = await upload(headers, await png(600, 200), 'application/octet-stream', 'en_US');
    expect(en.env).toMatchObject({ success: true, message: text('en-US', 'avatarUploaded') });
    const meta = await sharp((await image(en.env.data.avatarUrl)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256, hasAlpha: false });
    // The earlier image's address is gone with it.
    expect((await image(tw.env.data.avatarUrl)).statusCode).toBe(404);
  });

  it('refuses a GIF, a GIF or text named as a JPEG or PNG, and a broken JPEG; nothing is stored', async () => {
    const { headers } = await loggedIn();
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    const typeRefused = text('zh-CN', 'avatarType');
    expectRefused(await upload(headers, gif, 'image/gif'), PersonalInfoErrCode.avatarType, typeRefused);
    expectRefused(await upload(headers, gif, 'image/jpeg'), PersonalInfoErrCode.avatarType, typeRefused);
    expectRefused(await upload(headers, webp, 'image/png'), PersonalInfoErrCode.avatarType, typeRefused);
    expectRefused(
      await upload(headers, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'),
      PersonalInfoErrCode.avatarType,
      typeRefused,
    );
    expectRefused(await upload(headers, Buffer.alloc(0)), PersonalInfoErrCode.avatarType, typeRefused);
    const photo = await jpegWithGps(400, 300);
    expectRefused(
      await upload(headers, Buffer.concat([photo.subarray(0, 200), Buffer.alloc(500, 7)]), 'image/jpeg', 'en_US'),
      PersonalInfoErrCode.avatarUnreadable,
      text('en-US', 'avatarUnreadable'),
    );
    // A PNG signature on a JPEG body: the decoder says what it is.
    const disguised = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), photo]);
    expect((await upload(headers, disguised)).env.success).toBe(false);
    // Multipart is not how this call takes a file: a translated 415.
    const multipart = await upload(headers, Buffer.from('--x\r\n\r\n--x--'), 'multipart/form-data; boundary=x');
    expect(multipart.res.statusCode).toBe(415);
    expect(multipart.env.message).toBe(text('zh-CN', 'unsupportedMediaType'));
    expect((await info(headers)).env.data.hasOwnAvatar).toBe(false);
  });

  it('refuses more than 5 MB while reading, declared or streamed, with a translated 413 (no 500)', async () => {
    const { headers } = await loggedIn();
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(AVATAR_MAX_BYTES - 3, 1)]);
    expect(big.length).toBe(AVATAR_MAX_BYTES + 1);
    expectRefused(await upload(headers, big), PersonalInfoErrCode.avatarTooLarge, text('zh-CN', 'avatarTooLarge'), 413);
    // Streamed without a length: refused once the sixth megabyte arrives.
    let sent = 0;
    const stream = new Readable({
      read() {
        if (sent >= 8 * 1024 * 1024) return this.push(null);
        sent += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024, 1));
      },
    });
    expectRefused(
      await upload(headers, stream, 'image/jpeg', 'en_US'),
      PersonalInfoErrCode.avatarTooLarge,
      text('en-US', 'avatarTooLarge'),
      413,
    );
    // A JPEG just under the limit is taken.
    const photo = await jpegWithGps(800, 600);
    const padded = Buffer.concat([photo, Buffer.alloc(AVATAR_MAX_BYTES - photo.length)]);
    expect(padded.length).toBe(AVATAR_MAX_BYTES);
    expect((await upload(headers, padded)).env.success).toBe(true);
  });

  it('refuses a decompression bomb (400 megapixels in a small PNG) before decoding it', async () => {
    const { headers } = await loggedIn();
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(200_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const started = Date.now();
    expectRefused(
      await upload(headers, bomb, 'image/png'),
      PersonalInfoErrCode.avatarTooManyPixels,
      text('zh-CN', 'avatarTooManyPixels'),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('deletes the uploaded avatar: its address answers 404, userinfo shows none', async () => {
    const { headers } = await loggedIn();
    const { env } = await upload(headers, await png());
    const del = await t.call({ url: ApiPath.deleteAvatar, mappingPath: home.mappingPath, body: {}, headers });
    expect(envelopeOf<AvatarResult>(del)).toMatchObject({
      success: true,
      message: '删除成功！',
      data: { avatarUrl: '' },
    });
    const gone = await image(env.data.avatarUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await userInfo(headers)).opacPicUrl).toBe('');
  });
});

describe("one reader's information is theirs alone", () => {
  it("another reader neither reads nor changes it: each call works on the session's own reader", async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    const id = residentId('11010819800101123');
    await update(a.headers, { idNumber: id, transferLendFlag: '1' });
    const up = await upload(a.headers, await png());
    // B sees B, whatever B sends.
    const seen = (await info(b.headers)).env.data;
    expect(seen).toMatchObject({ userId: String(b.reader.id), idNumber: '', avatarUrl: '', transferLendFlag: '0' });
    await update(b.headers, { userId: a.reader.id, readerId: a.reader.id, idNumber: residentId('11010819900101123') });
    await t.call({
      url: ApiPath.deleteAvatar,
      mappingPath: home.mappingPath,
      body: { readerId: a.reader.id },
      headers: b.headers,
    });
    // A's are as A left them.
    expect((await info(a.headers)).env.data).toMatchObject({
      idNumber: `110***********${id.slice(-4)}`,
      hasOwnAvatar: true,
    });
    expect((await image(up.env.data.avatarUrl)).statusCode).toBe(200);
  });

  it("an avatar's address is unguessable and the institution's own; a session is its institution's own", async () => {
    const a = await loggedIn();
    const { env } = await upload(a.headers, await png());
    const key = new URL(env.data.avatarUrl, 'http://x').searchParams.get('key')!;
    const at = (mappingPath: string, k: string) =>
      image(`${ApiPath.avatarImage}?${new URLSearchParams({ mappingPath, key: k }).toString()}`);
    expect((await at(home.mappingPath, key)).statusCode).toBe(200);
    expect((await at(other.mappingPath, key)).statusCode).toBe(404);
    expect((await at(home.mappingPath, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(404);
    expect((await at(home.mappingPath, '')).statusCode).toBe(404);
    expect((await at('no-such-place', key)).statusCode).toBe(404);
    // A's session does not work at another institution.
    expect((await info(a.headers, undefined, other)).res.statusCode).toBe(401);
    expect((await upload(a.headers, await png(), 'image/png', undefined, other)).res.statusCode).toBe(401);
  });

  it('a visitor cannot upload, and the session cookie alone cannot upload from another site (or from nowhere)', async () => {
    const { jwt, headers } = await loggedIn();
    const photo = await png();
    expect((await upload({}, photo)).res.statusCode).toBe(401);
    const cookie = { cookie: `jwt=${jwt}` };
    for (const from of [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      {},
    ]) {
      const refused = await upload({ ...cookie, ...from }, photo);
      expect(refused.res.statusCode).toBe(403);
      expect(refused.env).toMatchObject({ success: false, errCode: AuthErrCode.crossSiteRefused });
    }
    // Nor the other changes.
    const update403 = await t.call({
      url: ApiPath.updatePersonalInfo,
      mappingPath: home.mappingPath,
      body: { transferLendFlag: '1' },
      headers: { ...cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(update403.statusCode).toBe(403);
    expect((await info(headers)).env.data.hasOwnAvatar).toBe(false);
    // From the library's own page the cookie works.
    expect((await upload({ ...cookie, 'sec-fetch-site': 'same-origin' }, photo)).env.success).toBe(true);
  });
});
