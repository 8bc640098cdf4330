import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import { addInboxMessage } from '../readers/reader-repository.js';

/** A message to one reader, by e-mail or text message. */
export interface ReaderMessage {
  tenantId: number;
  readerId: number;
  /** The e-mail address or phone number. */
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. */
export interface MailSender {
  send(m: ReaderMessage): Promise<void>;
}
/** Sends text messages (SMS). A gateway of the operator's choice implements this. */
export interface SmsSender {
  send(m: ReaderMessage): Promise<void>;
}

/** How messages reach readers: verification codes, later notices. */
export class Delivery {
  /** The app's logger, for messages that could not be sent (set by useLogger). */
  log: FastifyBaseLogger | undefined;

  constructor(
    readonly mail: MailSender,
    readonly sms: SmsSender,
  ) {}

  /** Gives the inbox senders the app's logger (services are built before the app). */
  useLogger(log: FastifyBaseLogger): void {
    this.log = log;
    for (const s of [this.mail, this.sms]) if (s instanceof InboxSender) s.log = log;
  }
}

/** E-mail through an SMTP server (`SMTP_URL`). */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(m: ReaderMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }
}

/**
 * The default for text messages (and for e-mail when no SMTP server is configured): the message
 * goes to the reader's inbox, which the personal centre shows. The log says that a message went
 * to whom by which channel, never its text: verification codes do not belong in a log that
 * operators, log shippers and backups read.
 */
export class InboxSender implements MailSender, SmsSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly channel: 'phone' | 'mail',
    public log?: FastifyBaseLogger,
  ) {}

  async send(m: ReaderMessage): Promise<void> {
    await addInboxMessage(this.db, {
      tenantId: m.tenantId,
      readerId: m.readerId,
      channel: this.channel,
      target: m.to,
      subject: m.subject,
      body: m.text,
    });
    this.log?.info(
      { tenantId: m.tenantId, readerId: m.readerId, channel: this.channel, to: m.to, subject: m.subject },
      'message to the reader kept in the inbox (no gateway configured for this channel)',
    );
  }
}

/** The delivery of the configuration: SMTP e-mail when `smtpUrl` is set, otherwise the inbox. */
export function createDelivery(
  db: Kysely<Database>,
  opts: { smtpUrl?: string | undefined; mailFrom: string },
): Delivery {
  const mail = opts.smtpUrl ? new SmtpMailSender(opts.smtpUrl, opts.mailFrom) : new InboxSender(db, 'mail');
  return new Delivery(mail, new InboxSender(db, 'phone'));
}
