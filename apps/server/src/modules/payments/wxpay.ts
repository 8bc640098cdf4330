import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ChannelError, type ChannelNotice, type ChannelOrderState, type PayOrder, type QrChannel } from './channel.js';

/**
 * WeChat Pay's Native payment (its API v2, the one most library and campus-card systems in China
 * speak): flat XML over HTTPS, each message signed with the merchant key — the non-empty fields but
 * `sign` sorted by name, `k=v` joined by `&`, `&key=<key>` appended, then HMAC-SHA256 keyed by the
 * merchant key (or MD5), upper-case hex. `unifiedorder` (trade_type NATIVE) gives the QR code's
 * `code_url`; `orderquery` its `trade_state`; `closeorder` ends it; the payment notice is posted to
 * `notifyUrl`. Answers and notices whose signature does not check are refused.
 */
export const WxpaySettings = z.object({
  kind: z.literal('wxpay'),
  /** The API's address: WeChat's own, or a stand-in in tests. */
  gateway: z.url().default('https://api.mch.weixin.qq.com'),
  appId: z.string().min(1),
  mchId: z.string().min(1),
  /** The merchant API key (32 characters at WeChat). */
  key: z.string().min(16),
  signType: z.enum(['HMAC-SHA256', 'MD5']).default('HMAC-SHA256'),
  /** Where the channel posts payment notices: this portal's `/find/account/notify/wxpay`, as the channel reaches it. */
  notifyUrl: z.url(),
  /** Milliseconds to wait for the API. */
  timeoutMs: z.number().int().min(500).max(60_000).default(8000),
});
export type WxpaySettings = z.infer<typeof WxpaySettings>;

/** The signature of `fields` with `key` (WeChat Pay v2's rule). */
export function wxpaySign(fields: Record<string, string>, key: string, signType: 'HMAC-SHA256' | 'MD5'): string {
  const text = Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== '' && fields[k] !== undefined)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  const withKey = `${text}&key=${key}`;
  const digest =
    signType === 'MD5'
      ? createHash('md5').update(withKey, 'utf8').digest('hex')
      : createHmac('sha256', key).update(withKey, 'utf8').digest('hex');
  return digest.toUpperCase();
}

/** Whether `fields` carry a right signature (compared in constant time). */
export function wxpayVerify(fields: Record<string, string>, key: string, signType: 'HMAC-SHA256' | 'MD5'): boolean {
  const given = Buffer.from(fields.sign ?? '', 'utf8');
  const expected = Buffer.from(wxpaySign(fields, key, signType), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const cdata = (v: string) => `<![CDATA[${v.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** `<xml><k>v</k>…</xml>` of flat fields. */
export function toXml(fields: Record<string, string>): string {
  return `<xml>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${cdata(v)}</${k}>`)
    .join('')}</xml>`;
}

/** The fields of a flat `<xml>` message (CDATA or plain text); throws ChannelError on anything else. */
export function fromXml(xml: string): Record<string, string> {
  const body = /^\s*(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>\s*$/.exec(xml)?.[1];
  if (body === undefined) throw new ChannelError('not a WeChat Pay message');
  // A DOCTYPE or entity has no place in these messages (and would be an XXE vector).
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) throw new ChannelError('a declaration in a WeChat Pay message');
  const fields: Record<string, string> = {};
  const re = /<([A-Za-z_][\w]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(body))) {
    const text = m[2] ?? (m[3] ?? '').replace(/&lt;|&gt;|&amp;|&quot;|&apos;/g, (e) => XML_ENTITIES[e]!);
    fields[m[1]!] = text;
  }
  return fields;
}
const XML_ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&apos;': "'" };

/** `yyyyMMddHHmmss` in China's time (the API's time format). */
function chinaTime(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3_600_000).toISOString();
  return t.slice(0, 19).replace(/[-T:]/g, '');
}

export class WxpayChannel implements QrChannel {
  readonly name = 'wxpay';
  readonly kind = 'qr';

  constructor(private readonly s: WxpaySettings) {}

  async create(order: PayOrder): Promise<string> {
    const answer = await this.call('/pay/unifiedorder', {
      body: order.description.slice(0, 120),
      out_trade_no: order.outTradeNo,
      total_fee: String(order.amountCents),
      spbill_create_ip: order.clientIp,
      time_expire: chinaTime(order.expiresAt),
      notify_url: this.s.notifyUrl,
      trade_type: 'NATIVE',
      product_id: order.outTradeNo,
    });
    if (answer.result_code !== 'SUCCESS' || !answer.code_url)
      throw new ChannelError(`unifiedorder refused: ${answer.err_code ?? ''} ${answer.err_code_des ?? ''}`.trim());
    return answer.code_url;
  }

  async query(outTradeNo: string): Promise<ChannelOrderState> {
    const a = await this.call('/pay/orderquery', { out_trade_no: outTradeNo });
    if (a.result_code !== 'SUCCESS') {
      if (a.err_code === 'ORDERNOTEXIST') return { state: 'closed' };
      throw new ChannelError(`orderquery refused: ${a.err_code ?? ''}`);
    }
    return { ...stateOf(a), channelTradeNo: a.transaction_id, amountCents: amountOf(a) };
  }

  async close(outTradeNo: string): Promise<void> {
    const a = await this.call('/pay/closeorder', { out_trade_no: outTradeNo });
    // ORDERPAID: paid at the last moment (the next query settles it); ORDERCLOSED: already closed.
    if (a.result_code !== 'SUCCESS' && a.err_code !== 'ORDERCLOSED' && a.err_code !== 'ORDERPAID')
      throw new ChannelError(`closeorder refused: ${a.err_code ?? ''}`);
  }

  readNotice(body: string): ChannelNotice {
    const f = fromXml(body);
    if (!wxpayVerify(f, this.s.key, this.s.signType)) throw new ChannelError('a notice with a wrong signature');
    if (f.appid !== this.s.appId || f.mch_id !== this.s.mchId) throw new ChannelError('a notice for another merchant');
    if (!f.out_trade_no) throw new ChannelError('a notice without an order number');
    const paid = f.return_code === 'SUCCESS' && f.result_code === 'SUCCESS';
    return {
      outTradeNo: f.out_trade_no,
      state: paid ? 'paid' : 'failed',
      channelTradeNo: f.transaction_id,
      amountCents: amountOf(f),
    };
  }

  noticeAnswer(accepted: boolean): { contentType: string; body: string } {
    return {
      contentType: 'text/xml; charset=utf-8',
      body: toXml(
        accepted ? { return_code: 'SUCCESS', return_msg: 'OK' } : { return_code: 'FAIL', return_msg: 'FAIL' },
      ),
    };
  }

  /** Posts a signed request; the answer's fields once its signature checks. */
  private async call(path: string, fields: Record<string, string>): Promise<Record<string, string>> {
    const request: Record<string, string> = {
      appid: this.s.appId,
      mch_id: this.s.mchId,
      nonce_str: randomBytes(16).toString('hex'),
      sign_type: this.s.signType,
      ...fields,
    };
    request.sign = wxpaySign(request, this.s.key, this.s.signType);
    let text: string;
    try {
      const res = await fetch(new URL(path, this.s.gateway), {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8' },
        body: toXml(request),
        signal: AbortSignal.timeout(this.s.timeoutMs),
      });
      text = await res.text();
      if (!res.ok) throw new ChannelError(`${path}: HTTP ${res.status}`);
    } catch (err) {
      if (err instanceof ChannelError) throw err;
      throw new ChannelError(`${path}: ${(err as Error).name}`);
    }
    const answer = fromXml(text);
    if (answer.return_code !== 'SUCCESS') throw new ChannelError(`${path}: ${answer.return_msg ?? 'FAIL'}`);
    if (!wxpayVerify(answer, this.s.key, this.s.signType))
      throw new ChannelError(`${path}: an answer with a wrong signature`);
    return answer;
  }
}

function stateOf(a: Record<string, string>): Pick<ChannelOrderState, 'state'> {
  switch (a.trade_state) {
    case 'SUCCESS':
      return { state: 'paid' };
    case 'NOTPAY':
    case 'USERPAYING':
      return { state: 'pending' };
    case 'PAYERROR':
      return { state: 'failed' };
    default:
      // CLOSED, REVOKED, REFUND.
      return { state: 'closed' };
  }
}

function amountOf(a: Record<string, string>): number | undefined {
  return a.total_fee && /^\d+$/.test(a.total_fee) ? Number(a.total_fee) : undefined;
}
