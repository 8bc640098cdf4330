import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { fromXml, toXml, wxpaySign, wxpayVerify } from '../../src/modules/payments/wxpay.js';

/** One order the stand-in holds. */
interface Order {
  outTradeNo: string;
  totalFee: number;
  notifyUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string;
}

/**
 * A local stand-in for WeChat Pay's API v2 (Native payment), strict where the real one is: every
 * request's signature is checked with the merchant key (a wrong one is refused with the real
 * `SIGNERROR`), the merchant and app ids must match, answers are signed, `unifiedorder` gives a
 * `weixin://` code URL, `orderquery` and `closeorder` answer by `out_trade_no`, and `pay()` plays the
 * reader scanning and paying: the order is paid and a signed notice is posted to its `notify_url`.
 */
export class WxpayStandIn {
  readonly orders = new Map<string, Order>();
  /** Requests refused for their signature. */
  badSignatures = 0;
  /** Answer every call with HTTP 503 (the channel out of reach). */
  down = false;
  private server: Server | undefined;

  constructor(
    readonly appId = 'wx0000000000standin',
    readonly mchId = '1900000109',
    readonly key = 'standinmerchantkey0123456789abcd',
  ) {}

  get url(): string {
    const port = (this.server!.address() as AddressInfo).port;
    return `http://127.0.0.1:${port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        if (this.down) {
          res.writeHead(503).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/xml' }).end(this.answer(req.url ?? '', body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /**
   * The reader pays: the order is paid, and the notice the channel would post to its `notify_url`
   * (signed; with `tamper`, a wrong sum or a wrong signature). The notice's address and body.
   */
  pay(outTradeNo: string, tamper: 'none' | 'signature' | 'sum' = 'none'): { url: string; body: string } {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`no order ${outTradeNo}`);
    order.state = 'SUCCESS';
    const fields = this.signed({
      return_code: 'SUCCESS',
      result_code: 'SUCCESS',
      out_trade_no: order.outTradeNo,
      transaction_id: order.transactionId,
      total_fee: String(tamper === 'sum' ? order.totalFee - 1 : order.totalFee),
      trade_type: 'NATIVE',
      time_end: '20261127120000',
    });
    if (tamper === 'signature') fields.sign = fields.sign!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    return { url: order.notifyUrl, body: toXml(fields) };
  }

  /** The reader paid, but the notice never arrived (the portal must learn it by asking). */
  payQuietly(outTradeNo: string): void {
    this.orders.get(outTradeNo)!.state = 'SUCCESS';
  }

  private answer(path: string, body: string): string {
    let f: Record<string, string>;
    try {
      f = fromXml(body);
    } catch {
      return toXml({ return_code: 'FAIL', return_msg: 'XML_FORMAT_ERROR' });
    }
    if (!wxpayVerify(f, this.key, f.sign_type === 'MD5' ? 'MD5' : 'HMAC-SHA256')) {
      this.badSignatures++;
      return toXml({ return_code: 'FAIL', return_msg: 'SIGNERROR' });
    }
    if (f.appid !== this.appId || f.mch_id !== this.mchId)
      return toXml({ return_code: 'FAIL', return_msg: 'APPID_MCHID_NOT_MATCH' });
    const order = this.orders.get(f.out_trade_no ?? '');
    switch (path) {
      case '/pay/unifiedorder': {
        if (f.trade_type !== 'NATIVE' || !f.notify_url || !/^\d+$/.test(f.total_fee ?? ''))
          return toXml(this.signed({ return_code: 'SUCCESS', result_code: 'FAIL', err_code: 'PARAM_ERROR' }));
        if (order)
          return toXml(this.signed({ return_code: 'SUCCESS', result_code: 'FAIL', err_code: 'OUT_TRADE_NO_USED' }));
        const o: Order = {
          outTradeNo: f.out_trade_no!,
          totalFee: Number(f.total_fee),
          notifyUrl: f.notify_url,
          state: 'NOTPAY',
          transactionId: `4200${randomBytes(8).toString('hex')}`,
        };
        this.orders.set(o.outTradeNo, o);
        return toXml(
          this.signed({
            return_code: 'SUCCESS',
            result_code: 'SUCCESS',
            trade_type: 'NATIVE',
            prepay_id: `wx${randomBytes(8).toString('hex')}`,
            code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`,
          }),
        );
      }
      case '/pay/orderquery':
        if (!order)
          return toXml(this.signed({ return_code: 'SUCCESS', result_code: 'FAIL', err_code: 'ORDERNOTEXIST' }));
        return toXml(
          this.signed({
            return_code: 'SUCCESS',
            result_code: 'SUCCESS',
            out_trade_no: order.outTradeNo,
            trade_state: order.state,
            total_fee: String(order.totalFee),
            ...(order.state === 'SUCCESS' ? { transaction_id: order.transactionId } : {}),
          }),
        );
      case '/pay/closeorder':
        if (!order)
          return toXml(this.signed({ return_code: 'SUCCESS', result_code: 'FAIL', err_code: 'ORDERNOTEXIST' }));
        if (order.state === 'SUCCESS')
          return toXml(this.signed({ return_code: 'SUCCESS', result_code: 'FAIL', err_code: 'ORDERPAID' }));
        order.state = 'CLOSED';
        return toXml(this.signed({ return_code: 'SUCCESS', result_code: 'SUCCESS' }));
      default:
        return toXml({ return_code: 'FAIL', return_msg: 'NOT_FOUND' });
    }
  }

  private signed(fields: Record<string, string>): Record<string, string> {
    const out = { appid: this.appId, mch_id: this.mchId, nonce_str: randomBytes(8).toString('hex'), ...fields };
    return { ...out, sign: wxpaySign(out, this.key, 'HMAC-SHA256') };
  }
}
