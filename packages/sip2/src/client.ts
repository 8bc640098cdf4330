import type tls from 'node:tls';
import { SIP2_CHARSETS, type Sip2Charset } from './charset.js';
import { Sip2Connection, type Sip2ConnectionOptions, type Sip2Logger } from './connection.js';
import type { Sip2Message } from './message.js';
import { Sip2Pool } from './pool.js';
import {
  checkinRequest,
  checkoutRequest,
  endPatronSessionRequest,
  holdRequest,
  itemInformationRequest,
  patronInformationRequest,
  renewAllRequest,
  renewRequest,
  scStatusRequest,
  type HoldType,
  type PatronSummary,
  type Sip2Request,
} from './requests.js';
import {
  parseAcsStatus,
  parseCheckinResponse,
  parseCheckoutResponse,
  parseEndSessionResponse,
  parseHoldResponse,
  parseItemInformation,
  parsePatronInformation,
  parseRenewAllResponse,
  parseRenewResponse,
  type AcsStatus,
  type CheckinAnswer,
  type CheckoutAnswer,
  type EndSessionAnswer,
  type HoldAnswer,
  type ItemInformation,
  type PatronInformation,
  type RenewAllAnswer,
  type RenewAnswer,
} from './responses.js';

/** How to reach a library's circulation system over SIP2, and as which terminal. */
export interface Sip2ClientOptions {
  host: string;
  port: number;
  /** Connect with TLS; an object holds `node:tls` options (CA, client certificate, servername…). */
  tls?: boolean | tls.ConnectionOptions;
  /** Terminal login user id (93, CN). */
  user: string;
  /** Terminal login password (93, CO). Never logged nor put in an error. */
  password: string;
  /** Terminal location code (93, CP). */
  locationCode?: string;
  /** Institution id (AO) sent with every request. */
  institutionId: string;
  /** Terminal password (AC) sent with every request, for systems that want it. */
  terminalPassword?: string;
  /** Character set of the terminal account: "utf-8" (default), "gbk" or "gb18030". */
  charset?: Sip2Charset;
  /** Logged-in connections kept at most (default 2). */
  poolSize?: number;
  /** Time to establish the TCP (and TLS) connection (default 5000 ms). */
  connectTimeoutMs?: number;
  /**
   * Time to wait for an answer before sending the request again (default 5000 ms). With the default
   * retries a silent system is reported unreachable after 15 s.
   */
  timeoutMs?: number;
  /** Times a request is sent again after a timeout or a bad checksum (default 2). */
  retries?: number;
  /** Sequence numbers and checksums (default true; some systems stay silent without them). */
  errorDetection?: boolean;
  /** Language code of patron information requests (default "000", unknown). */
  language?: string;
  logger?: Sip2Logger;
  /** The clock for transaction dates (tests set it). */
  now?: () => Date;
}

/** Options of requests made for a reader. */
export interface PatronOptions {
  /** The reader's password (AD), when the system should check it. */
  patronPassword?: string;
  /** The reader accepts a fee the transaction may cost (BO). */
  feeAcknowledged?: boolean;
}

/** Options of placing a hold. */
export interface PlaceHoldOptions extends PatronOptions {
  /** Pickup location (BS). */
  pickupLocation?: string;
  /** Hold type (BY). */
  holdType?: HoldType;
  /** When the hold lapses (BW). */
  expiresAt?: Date;
  /** Hold a title (AJ) rather than the item. */
  titleId?: string;
}

/**
 * A SIP2 client for a library's own circulation system: readers are identified by card number
 * (AA). Every call takes a connection from a small pool of logged-in connections and returns the
 * parsed answer. A refusal by the system (renewal refused, hold not placed) is an answer with
 * `ok: false` and the system's words in `screenMessages`; failures to talk to the system throw
 * `Sip2UnreachableError`, `Sip2LoginRefusedError` or `Sip2ProtocolError`.
 */
export class Sip2Client {
  readonly #options: Required<Pick<Sip2ClientOptions, 'institutionId' | 'language'>> & Sip2ClientOptions;
  readonly #pool: Sip2Pool;
  readonly #now: () => Date;

  constructor(options: Sip2ClientOptions) {
    const charset = options.charset ?? 'utf-8';
    if (!SIP2_CHARSETS.includes(charset)) throw new RangeError(`unknown SIP2 charset ${JSON.stringify(charset)}`);
    const poolSize = options.poolSize ?? 2;
    if (!Number.isInteger(poolSize) || poolSize < 1) throw new RangeError('poolSize must be a whole number ≥ 1');
    if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535) {
      throw new RangeError(`invalid SIP2 port ${options.port}`);
    }
    this.#options = { language: '000', ...options };
    this.#now = options.now ?? (() => new Date());
    const connection: Sip2ConnectionOptions = {
      host: options.host,
      port: options.port,
      tls: options.tls,
      charset,
      errorDetection: options.errorDetection ?? true,
      connectTimeoutMs: options.connectTimeoutMs ?? 5000,
      timeoutMs: options.timeoutMs ?? 5000,
      retries: options.retries ?? 2,
      logger: options.logger,
    };
    const login = { user: options.user, password: options.password, locationCode: options.locationCode };
    this.#pool = new Sip2Pool(poolSize, () => Sip2Connection.open(connection, login));
  }

  /** Connections open now. */
  get openConnections(): number {
    return this.#pool.openConnections;
  }

  /** Makes sure one connection is open and logged in (a start-up check); throws as calls do. */
  async connect(): Promise<void> {
    await this.#pool.use(async () => undefined);
  }

  /** SC status (99 → 98): whether the system is online and what it supports. */
  async status(): Promise<AcsStatus> {
    return parseAcsStatus(await this.#send(scStatusRequest()));
  }

  /**
   * Patron information (63 → 64). Check `validPatron` (card known) and, when a password was given,
   * `validPassword`: systems answer a wrong password with the reader's details all the same.
   * `summary` asks for one list of item ids (charged, holds…).
   */
  async patronInformation(patronId: string, password?: string, summary?: PatronSummary): Promise<PatronInformation> {
    return parsePatronInformation(
      await this.#send(
        patronInformationRequest({
          ...this.#base(patronId, password),
          language: this.#options.language,
          summary,
        }),
      ),
    );
  }

  /** Item information (17 → 18): circulation status, due date, hold queue. */
  async itemInformation(itemId: string): Promise<ItemInformation> {
    return parseItemInformation(
      await this.#send(
        itemInformationRequest({
          institutionId: this.#options.institutionId,
          itemId,
          terminalPassword: this.#options.terminalPassword,
          now: this.#now(),
        }),
      ),
    );
  }

  /** Checkout (11 → 12) of an item to a reader. */
  async checkout(patronId: string, itemId: string, options: PatronOptions = {}): Promise<CheckoutAnswer> {
    return parseCheckoutResponse(
      await this.#send(
        checkoutRequest({
          ...this.#base(patronId, options.patronPassword),
          itemId,
          feeAcknowledged: options.feeAcknowledged,
        }),
      ),
    );
  }

  /** Checkin (09 → 10): an item returned at this terminal's location. */
  async checkin(itemId: string): Promise<CheckinAnswer> {
    return parseCheckinResponse(
      await this.#send(
        checkinRequest({
          institutionId: this.#options.institutionId,
          itemId,
          currentLocation: this.#options.locationCode,
          terminalPassword: this.#options.terminalPassword,
          now: this.#now(),
        }),
      ),
    );
  }

  /** Renew (29 → 30) one loan. A refusal comes back with `ok: false` and the reason in `screenMessages`. */
  async renew(patronId: string, itemId: string, options: PatronOptions = {}): Promise<RenewAnswer> {
    return parseRenewResponse(
      await this.#send(
        renewRequest({
          ...this.#base(patronId, options.patronPassword),
          itemId,
          feeAcknowledged: options.feeAcknowledged,
        }),
      ),
    );
  }

  /** Renew all (65 → 66) of a reader's loans: the renewed and unrenewed item ids. */
  async renewAll(patronId: string, options: PatronOptions = {}): Promise<RenewAllAnswer> {
    return parseRenewAllResponse(
      await this.#send(
        renewAllRequest({ ...this.#base(patronId, options.patronPassword), feeAcknowledged: options.feeAcknowledged }),
      ),
    );
  }

  /** Places a hold (15 "+" → 16) on an item (or on a title with `titleId`). */
  async placeHold(patronId: string, itemId: string | undefined, options: PlaceHoldOptions = {}): Promise<HoldAnswer> {
    return parseHoldResponse(
      await this.#send(
        holdRequest({
          ...this.#base(patronId, options.patronPassword),
          mode: '+',
          itemId,
          titleId: options.titleId,
          pickupLocation: options.pickupLocation,
          holdType: options.holdType,
          expiresAt: options.expiresAt,
          feeAcknowledged: options.feeAcknowledged,
        }),
      ),
    );
  }

  /** Cancels a hold (15 "-" → 16) on an item (or on a title with `titleId`). */
  async cancelHold(
    patronId: string,
    itemId: string | undefined,
    options: Pick<PlaceHoldOptions, 'patronPassword' | 'titleId'> = {},
  ): Promise<HoldAnswer> {
    return parseHoldResponse(
      await this.#send(
        holdRequest({ ...this.#base(patronId, options.patronPassword), mode: '-', itemId, titleId: options.titleId }),
      ),
    );
  }

  /** End patron session (35 → 36): the reader is done; the system may drop what it cached. */
  async endSession(patronId: string, patronPassword?: string): Promise<EndSessionAnswer> {
    return parseEndSessionResponse(await this.#send(endPatronSessionRequest(this.#base(patronId, patronPassword))));
  }

  /** Closes every connection; calls in progress and later calls fail with `Sip2ClosedError`. */
  close(): void {
    this.#pool.close();
  }

  #base(patronId: string, patronPassword: string | undefined) {
    return {
      institutionId: this.#options.institutionId,
      patronId,
      patronPassword,
      terminalPassword: this.#options.terminalPassword,
      now: this.#now(),
    };
  }

  #send(request: Sip2Request): Promise<Sip2Message> {
    return this.#pool.use((connection) => connection.send(request));
  }
}
