import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { FastifyBaseLogger } from 'fastify';
import {
  FineErrCode,
  PAYABLE_STATUSES,
  PAYMENT_QR_SECONDS,
  formatCents,
  type BehaviourListQuery,
  type BehaviourPage,
  type BehaviourType,
  type PayMethod,
  type Payment,
  type TotalMoney,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { setTenantSecret, tenantSecret } from '../auth/auth-repository.js';
import { findReaderById, findReaderByLogin } from '../readers/reader-repository.js';
import { ChannelError, type PaymentChannel, type QrChannel } from '../payments/channel.js';
import { PAYMENT_CHANNELS_SECRET, channelsOf } from '../payments/payment-settings.js';
import { findLoanPolicies } from './circulation-repository.js';
import { DeskError } from './desk-service.js';
import {
  closePayment,
  findBehaviours,
  findPayment,
  findPendingPayments,
  insertFine,
  insertPayment,
  lockPayableFines,
  readerDebt,
  setPaymentQr,
  type FineRow,
  type PaymentRow,
} from './fine-repository.js';
import { owesTooMuch, policyFor } from './renewal-rules.js';

/** Our order number: `OF`, the time to the second, 10 random hex digits (≤ 32 characters, as channels allow). */
function newTradeNo(): string {
  const time = new Date().toISOString().slice(0, 19).replace(/[-T:]/g, '');
  return `OF${time}${randomBytes(5).toString('hex')}`;
}

function toBehaviour(r: FineRow) {
  const owed = PAYABLE_STATUSES.includes(r.status) ? r.amount_cents - r.paid_cents : 0;
  return {
    id: Number(r.id),
    behaviourType: r.kind,
    processFlag: r.status,
    title: r.title,
    barcode: r.barcode,
    propNo: r.prop_no,
    dueAmount: formatCents(r.amount_cents),
    paidAmount: formatCents(r.paid_cents),
    owedAmount: formatCents(owed),
    blockStart: r.block_start,
    blockEnd: r.block_end,
    overdueDays: r.overdue_days,
    note: r.note,
    recordTime: r.created_at,
    payable: owed > 0,
    paymentId: r.status === 'processing' && r.payment_id ? Number(r.payment_id) : null,
  };
}

/**
 * A reader's behaviour records and their payment in OpenFind's own circulation: the records by
 * tab, what is owed, paying some of them at the desk or by a channel's QR code (valid 3 minutes:
 * spec §9), the payment's status (the poll step asks the channel), withdrawing it, and the
 * channel's signed notices. A record is paid once: records are locked while a payment is opened,
 * and a payment settles or lapses by a guarded update, whichever of the notice, the poll or the
 * expiry comes first.
 */
export class FineService {
  log: FastifyBaseLogger | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /** The institution's channels: the desk, then its online ones (`paymentChannels` secret). */
  async channels(tenantId: number): Promise<PaymentChannel[]> {
    const json = await tenantSecret(this.db, tenantId, PAYMENT_CHANNELS_SECRET);
    try {
      return channelsOf(json);
    } catch (err) {
      // Checked when set; a damaged value leaves the desk.
      this.log?.error({ tenantId, err: (err as Error).message }, 'payment channels: unreadable settings');
      return channelsOf(undefined);
    }
  }

  /** Sets (JSON, checked by the caller) or clears ('') the institution's online channels. */
  async setChannels(tenantId: number, json: string): Promise<void> {
    await setTenantSecret(this.db, tenantId, PAYMENT_CHANNELS_SECRET, json);
  }

  async payMethods(tenantId: number): Promise<PayMethod[]> {
    return (await this.channels(tenantId)).map((c) => ({ channel: c.name, kind: c.kind }));
  }

  async behaviours(tenantId: number, readerId: number, q: BehaviourListQuery): Promise<BehaviourPage> {
    await this.settlePending(tenantId, readerId);
    const { rows, tabCounts } = await findBehaviours(this.db, tenantId, readerId, q.tab, (q.page - 1) * q.rows, q.rows);
    return { totalCount: tabCounts[q.tab], list: rows.map(toBehaviour), tabCounts };
  }

  async totalMoney(tenantId: number, readerId: number): Promise<TotalMoney> {
    await this.settlePending(tenantId, readerId);
    const [debt, reader, policies] = await Promise.all([
      readerDebt(this.db, tenantId, readerId),
      findReaderById(this.db, tenantId, readerId),
      findLoanPolicies(this.db, tenantId),
    ]);
    const policy = policyFor(policies, reader?.readerType ?? '', '');
    return {
      owed: formatCents(debt.owedCents - debt.processingCents),
      processing: formatCents(debt.processingCents),
      limit: formatCents(policy.fineLimitCents),
      blocked: owesTooMuch(debt.owedCents, policy) || debt.suspendedUntil !== null,
      suspendedUntil: debt.suspendedUntil,
    };
  }

  /** Owed yuan for My Library's summary ("0.00" when nothing). */
  async balance(tenantId: number, readerId: number): Promise<string> {
    return formatCents((await readerDebt(this.db, tenantId, readerId)).owedCents);
  }

  /**
   * Opens a payment of owed records: at the desk it waits for staff; through a QR channel the
   * channel's order is created and its code is valid for `PAYMENT_QR_SECONDS`.
   */
  async createPay(
    tenantId: number,
    readerId: number,
    input: { fineIds: number[]; channel: string },
    clientIp: string,
  ): Promise<Payment> {
    const channel = (await this.channels(tenantId)).find((c) => c.name === input.channel);
    if (!channel) throw new AppError('payUnknownChannel', FineErrCode.unknownChannel);
    await this.settlePending(tenantId, readerId);
    const expiresAt = channel.kind === 'qr' ? new Date(Date.now() + PAYMENT_QR_SECONDS * 1000) : null;
    const payment = await inTransaction(this.db, async (trx) => {
      const fines = await lockPayableFines(trx, tenantId, readerId, input.fineIds);
      if (fines.length !== input.fineIds.length) throw new AppError('fineNotPayable', FineErrCode.notPayable);
      return insertPayment(trx, {
        tenantId,
        readerId,
        channel: channel.name,
        outTradeNo: newTradeNo(),
        amountCents: fines.reduce((sum, f) => sum + f.owed, 0),
        fineIds: fines.map((f) => f.id),
        expiresAt,
      });
    });
    if (channel.kind === 'desk') return this.toPayment(payment, channel);
    try {
      const qr = await channel.create({
        outTradeNo: payment.out_trade_no,
        amountCents: payment.amount_cents,
        description: '图书馆罚款 Library fine',
        expiresAt: expiresAt!,
        clientIp,
      });
      await setPaymentQr(this.db, tenantId, payment.id, qr);
      return this.toPayment({ ...payment, qr_content: qr }, channel);
    } catch (err) {
      // The records are owed again; the reader may try again or pay at the desk.
      await this.close(payment, 'failed');
      this.log?.warn(
        { tenantId, channel: channel.name, err: (err as Error).message },
        'payment: channel refused an order',
      );
      throw new AppError('payChannelUnavailable', FineErrCode.channelUnavailable);
    }
  }

  /** A payment of the reader's, brought up to date: a pending QR payment asks its channel, and lapses when expired. */
  async payStatus(tenantId: number, readerId: number, paymentId: number): Promise<Payment> {
    const payment = await findPayment(this.db, tenantId, { readerId, id: paymentId });
    if (!payment) throw new AppError('payNoSuch', FineErrCode.noSuchPayment);
    const channel = (await this.channels(tenantId)).find((c) => c.name === payment.channel);
    const now = channel?.kind === 'qr' && payment.status === 'pending' ? await this.refresh(payment, channel) : payment;
    return this.toPayment(now, channel);
  }

  /** Withdraws a pending payment: the records are owed again (a QR order is closed at its channel first). */
  async cancelPay(tenantId: number, readerId: number, paymentId: number): Promise<Payment> {
    const payment = await findPayment(this.db, tenantId, { readerId, id: paymentId });
    if (!payment) throw new AppError('payNoSuch', FineErrCode.noSuchPayment);
    const channel = (await this.channels(tenantId)).find((c) => c.name === payment.channel);
    let now = payment;
    if (payment.status === 'pending' && channel?.kind === 'qr') now = await this.refresh(payment, channel);
    if (now.status !== 'pending') throw new AppError('payClosed', FineErrCode.paymentClosed);
    if (channel?.kind === 'qr') {
      try {
        await channel.close(payment.out_trade_no);
      } catch (err) {
        throw this.unavailable(tenantId, channel, err);
      }
      // Paid at the very last moment: the channel says so, and the payment counts.
      now = await this.refresh(payment, channel, true);
      if (now.status !== 'pending') return this.toPayment(now, channel);
    }
    return this.toPayment(await this.close(payment, 'cancelled'), channel);
  }

  /**
   * A notice an online channel posted: checked (signature, merchant, our order, the sum) and
   * applied once. What the channel expects as the answer.
   */
  async notice(tenantId: number, channelName: string, body: string): Promise<{ contentType: string; body: string }> {
    const channel = (await this.channels(tenantId)).find(
      (c): c is QrChannel => c.name === channelName && c.kind === 'qr',
    );
    if (!channel) throw new AppError('payUnknownChannel', FineErrCode.unknownChannel);
    try {
      const n = channel.readNotice(body);
      const payment = await findPayment(this.db, tenantId, { outTradeNo: n.outTradeNo });
      if (!payment || payment.channel !== channel.name) throw new ChannelError(`a notice for an unknown order`);
      const now = await this.apply(payment, n);
      // A sum that is not the order's leaves it pending, and the channel hears "not accepted".
      return channel.noticeAnswer(now.status !== 'pending' || n.state === 'pending');
    } catch (err) {
      if (!(err instanceof ChannelError)) throw err;
      this.log?.warn({ tenantId, channel: channelName, err: err.message }, 'payment: a notice refused');
      return channel.noticeAnswer(false);
    }
  }

  /**
   * The desk takes the money: the reader's pending desk payment, or the records named (all owed
   * ones when none is named), settled as paid by `staff`. The sum taken.
   */
  async payAtDesk(
    tenantId: number,
    login: string,
    staff: string,
    fineIds: number[] | null,
  ): Promise<{ amount: string; fines: number }> {
    const reader = await findReaderByLogin(this.db, tenantId, login);
    if (!reader) throw new DeskError('noSuchReader', `no reader ${login}`);
    return inTransaction(this.db, async (trx) => {
      // Records marked for the desk by the reader are paid with the rest.
      for (const p of await findPendingPayments(trx, tenantId, reader.id)) {
        if (p.channel !== 'desk') continue;
        const locked = await findPayment(trx, tenantId, { id: Number(p.id) }, true);
        if (locked) await closePayment(trx, tenantId, locked, 'cancelled');
      }
      const owed = await findBehaviours(trx, tenantId, reader.id, 'all', 0, 10_000);
      const ids = fineIds ?? owed.rows.filter((r) => PAYABLE_STATUSES.includes(r.status)).map((r) => Number(r.id));
      const fines = ids.length ? await lockPayableFines(trx, tenantId, reader.id, ids) : [];
      if (!fines.length || fines.length !== ids.length) throw new AppError('fineNotPayable', FineErrCode.notPayable);
      const amountCents = fines.reduce((sum, f) => sum + f.owed, 0);
      const payment = await insertPayment(trx, {
        tenantId,
        readerId: reader.id,
        channel: 'desk',
        outTradeNo: newTradeNo(),
        amountCents,
        fineIds: fines.map((f) => f.id),
        expiresAt: null,
      });
      await closePayment(trx, tenantId, payment, 'paid', { paidBy: staff });
      return { amount: formatCents(amountCents), fines: fines.length };
    });
  }

  /** Staff charge a reader (a lost or damaged copy, another cause). The record's id. */
  async charge(
    tenantId: number,
    login: string,
    f: { kind: BehaviourType; amountCents: number; barcode: string | null; title: string; note: string },
  ): Promise<number> {
    const reader = await findReaderByLogin(this.db, tenantId, login);
    if (!reader) throw new DeskError('noSuchReader', `no reader ${login}`);
    return insertFine(this.db, { tenantId, readerId: reader.id, ...f });
  }

  /** Brings a reader's pending QR payments up to date (lists and sums are read after). */
  private async settlePending(tenantId: number, readerId: number): Promise<void> {
    const pending = (await findPendingPayments(this.db, tenantId, readerId)).filter((p) => p.channel !== 'desk');
    if (!pending.length) return;
    const channels = await this.channels(tenantId);
    for (const p of pending) {
      const channel = channels.find((c): c is QrChannel => c.name === p.channel && c.kind === 'qr');
      // A channel the institution dropped: its unpaid orders lapse once expired.
      if (!channel) {
        if (p.expires_at && p.expires_at.getTime() < Date.now()) await this.close(p, 'expired');
        continue;
      }
      try {
        await this.refresh(p, channel);
      } catch (err) {
        // The list still shows; the next look asks again.
        this.log?.warn({ tenantId, err: (err as Error).message }, 'payment: status not refreshed');
      }
    }
  }

  /**
   * Asks the channel about a pending payment and applies what it says; an expired one that is still
   * unpaid is closed at the channel and lapses. `force`: ask even before expiry ends (withdrawal).
   */
  private async refresh(payment: PaymentRow, channel: QrChannel, force = false): Promise<PaymentRow> {
    let state;
    try {
      state = await channel.query(payment.out_trade_no);
    } catch (err) {
      if (!(err instanceof ChannelError)) throw err;
      // The channel is out of reach: the payment stays pending (it may yet be paid and noticed).
      if (force) throw this.unavailable(payment.tenant_id, channel, err);
      return payment;
    }
    if (state.state === 'pending' && payment.expires_at && payment.expires_at.getTime() < Date.now()) {
      try {
        await channel.close(payment.out_trade_no);
      } catch {
        // Closed or not, an order past its expiry is not paid by the channel (time_expire).
      }
      const after = await channel.query(payment.out_trade_no).catch(() => ({ state: 'closed' as const }));
      if (after.state === 'paid') return this.apply(payment, after);
      return this.close(payment, 'expired');
    }
    return this.apply(payment, state);
  }

  /** Applies a channel's word on a payment, once: paid (for our sum), failed or closed; pending changes nothing. */
  private async apply(
    payment: PaymentRow,
    s: {
      state: 'paid' | 'pending' | 'closed' | 'failed';
      channelTradeNo?: string | undefined;
      amountCents?: number | undefined;
    },
  ): Promise<PaymentRow> {
    if (s.state === 'pending') return payment;
    if (s.state === 'paid' && s.amountCents !== payment.amount_cents) {
      this.log?.error(
        {
          tenantId: payment.tenant_id,
          outTradeNo: payment.out_trade_no,
          expected: payment.amount_cents,
          got: s.amountCents,
        },
        'payment: the channel reports another sum; not settled',
      );
      return payment;
    }
    return this.close(payment, s.state === 'paid' ? 'paid' : s.state === 'failed' ? 'failed' : 'expired', {
      channelTradeNo: s.channelTradeNo ?? null,
      paidBy: s.state === 'paid' ? payment.channel : null,
    });
  }

  /** Ends a payment under its lock (a second ending changes nothing); the payment as it now stands. */
  private async close(
    payment: PaymentRow,
    status: 'paid' | 'failed' | 'expired' | 'cancelled',
    by: { channelTradeNo?: string | null; paidBy?: string | null } = {},
  ): Promise<PaymentRow> {
    return inTransaction(this.db, async (trx) => {
      const locked = await findPayment(trx, payment.tenant_id, { id: Number(payment.id) }, true);
      if (!locked) return payment;
      await closePayment(trx, payment.tenant_id, locked, status, by);
      if (status === 'paid' && locked.status === 'pending')
        this.log?.info({ tenantId: payment.tenant_id, outTradeNo: payment.out_trade_no }, 'payment: settled');
      return (await findPayment(trx, payment.tenant_id, { id: Number(payment.id) }))!;
    });
  }

  private unavailable(tenantId: number, channel: QrChannel, err: unknown): AppError {
    this.log?.warn({ tenantId, channel: channel.name, err: (err as Error).message }, 'payment: channel out of reach');
    return new AppError('payChannelUnavailable', FineErrCode.channelUnavailable);
  }

  private async toPayment(p: PaymentRow, channel: PaymentChannel | undefined): Promise<Payment> {
    const pendingQr = p.status === 'pending' && p.qr_content && p.expires_at;
    const secondsLeft = p.expires_at ? Math.max(0, Math.floor((p.expires_at.getTime() - Date.now()) / 1000)) : null;
    return {
      paymentId: Number(p.id),
      outTradeNo: p.out_trade_no,
      channel: p.channel,
      kind: channel?.kind ?? (p.channel === 'desk' ? 'desk' : 'qr'),
      amount: formatCents(p.amount_cents),
      status: p.status,
      qrCode: pendingQr
        ? `data:image/svg+xml;base64,${Buffer.from(
            await QRCode.toString(p.qr_content!, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
          ).toString('base64')}`
        : null,
      expiresAt: p.expires_at ? p.expires_at.toISOString() : null,
      secondsLeft: p.status === 'pending' ? secondsLeft : null,
    };
  }
}
