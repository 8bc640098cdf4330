/**
 * Payment channels (issue 27): how a reader pays what they owe. The desk is always there (staff
 * take the money); an institution adds online channels, each a QR code the reader scans with the
 * channel's app. Fines use them now; reader-driven purchasing will pay through the same interface.
 */

/** An order to pay, as a channel is asked to create it. */
export interface PayOrder {
  /** Our order number, unique per installation (the channel's `out_trade_no`). */
  outTradeNo: string;
  amountCents: number;
  /** What the reader sees in the channel's app. */
  description: string;
  /** The QR code stops working then (the channel closes the order). */
  expiresAt: Date;
  /** The reader's address, as the channel asks for it. */
  clientIp: string;
}

/** What a channel says of an order. */
export interface ChannelOrderState {
  state: 'paid' | 'pending' | 'closed' | 'failed';
  channelTradeNo?: string | undefined;
  /** The sum the channel took, in fen (checked against ours before a payment counts). */
  amountCents?: number | undefined;
}

/** A channel's notice that an order was paid, once its signature is checked. */
export interface ChannelNotice extends ChannelOrderState {
  outTradeNo: string;
}

export class ChannelError extends Error {}

/** An online channel: create a QR order, ask its state, close it, read its signed notices. */
export interface QrChannel {
  readonly name: string;
  readonly kind: 'qr';
  /** Creates the order; the content of its QR code. Throws ChannelError when the channel refuses or is out of reach. */
  create(order: PayOrder): Promise<string>;
  query(outTradeNo: string): Promise<ChannelOrderState>;
  /** Closes an unpaid order (expired or withdrawn), so it cannot be paid later. */
  close(outTradeNo: string): Promise<void>;
  /** Reads a notice the channel posted; throws ChannelError when its signature or form is wrong. */
  readNotice(body: string): ChannelNotice;
  /** What the channel expects as the answer to a notice. */
  noticeAnswer(accepted: boolean): { contentType: string; body: string };
}

/** The desk: the reader's records wait for staff, who take the money and record it. */
export interface DeskChannel {
  readonly name: 'desk';
  readonly kind: 'desk';
}

export type PaymentChannel = QrChannel | DeskChannel;

export const DESK_CHANNEL: DeskChannel = { name: 'desk', kind: 'desk' };
