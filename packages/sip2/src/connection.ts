import net from 'node:net';
import tls from 'node:tls';
import type { Sip2Charset } from './charset.js';
import { Sip2ClosedError, Sip2LoginRefusedError, Sip2ProtocolError, Sip2UnreachableError } from './errors.js';
import { CR, decodeFrame, encodeFrame, type DecodedFrame } from './frame.js';
import { describeCode, parseMessage, redactMessage, type Sip2Message } from './message.js';
import { loginRequest, REQUEST_ACS_RESEND, REQUEST_SC_RESEND, type LoginInput, type Sip2Request } from './requests.js';
import { parseLoginResponse } from './responses.js';

/**
 * Where the library writes what it does. Lines never hold a password: secret fields are masked
 * (`redactMessage`). Message lines do hold readers' data (names, card numbers), so `debug` is for
 * troubleshooting, not for a log kept long.
 */
export interface Sip2Logger {
  /** Every message sent and received. */
  debug?(line: string): void;
  /** Resends, stale answers, connections lost. */
  warn?(line: string): void;
}

/** How to reach the system and how patient to be: the settings of one connection. */
export interface Sip2ConnectionOptions {
  host: string;
  port: number;
  /** Connect with TLS; an object holds `node:tls` options (CA, client certificate, servername…). */
  tls?: boolean | tls.ConnectionOptions;
  charset: Sip2Charset;
  /** Sequence numbers and checksums on every message, checked on every answer. */
  errorDetection: boolean;
  /** Time to establish the TCP (and TLS) connection. */
  connectTimeoutMs: number;
  /** Time to wait for each answer before sending the request again. */
  timeoutMs: number;
  /** How many times a request is sent again (timeout, bad checksum, the system's 96) before giving up. */
  retries: number;
  logger?: Sip2Logger;
}

type Waiter = { resolve: (frame: DecodedFrame | 'timeout') => void; reject: (error: Error) => void };

/**
 * One TCP (or TLS) connection to a SIP2 system, logged in. Sends one request at a time (later
 * calls wait their turn) and handles error detection: sequence numbers cycling 0–9, checksums,
 * resends on timeout, on a bad checksum (97) and on the system's own resend request (96).
 */
export class Sip2Connection {
  readonly #socket: net.Socket;
  readonly #options: Sip2ConnectionOptions;
  readonly #where: string;
  #buffer: Buffer = Buffer.alloc(0);
  #inbox: DecodedFrame[] = [];
  #waiter: Waiter | null = null;
  #inRequest = false;
  #queue: Promise<unknown> = Promise.resolve();
  #sequence = 0;
  #closed = false;
  #closeError: Error | null = null;
  #closeListeners: (() => void)[] = [];

  private constructor(socket: net.Socket, options: Sip2ConnectionOptions) {
    this.#socket = socket;
    this.#options = options;
    this.#where = `${options.host}:${options.port}`;
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    socket.on('error', (error) => {
      this.#closeError ??= error;
    });
    socket.on('close', () => this.#onClose());
  }

  /** Opens a connection and logs in (93). Throws `Sip2UnreachableError` or `Sip2LoginRefusedError`. */
  static async open(options: Sip2ConnectionOptions, login: LoginInput): Promise<Sip2Connection> {
    const connection = new Sip2Connection(await connectSocket(options), options);
    try {
      const answer = parseLoginResponse(await connection.send(loginRequest(login)));
      if (!answer.ok) {
        throw new Sip2LoginRefusedError(
          `the SIP2 server ${connection.#where} refused the login of terminal user ${JSON.stringify(login.user)} (wrong user or password)`,
        );
      }
    } catch (error) {
      connection.destroy();
      throw error;
    }
    return connection;
  }

  /** False once the connection has closed, broken or been destroyed. */
  get alive(): boolean {
    return !this.#closed;
  }

  /** `listener` is called once when the connection closes, for whatever reason. */
  onClose(listener: () => void): void {
    if (this.#closed) listener();
    else this.#closeListeners.push(listener);
  }

  /**
   * Sends `request` and resolves with its answer, parsed into fields. Throws `Sip2UnreachableError`
   * when the connection is lost or every attempt timed out (the connection is then closed, so a
   * late answer can never be taken for the next request's), `Sip2ProtocolError` when no answer
   * with a valid checksum or of the expected type comes.
   */
  send(request: Sip2Request): Promise<Sip2Message> {
    const turn = this.#queue.then(() => this.#exchange(request));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  /** Closes the connection at once; a request in progress fails with `Sip2ClosedError`. */
  destroy(): void {
    if (this.#closed) return;
    this.#closeError ??= new Sip2ClosedError(`the connection to ${this.#where} was closed`);
    this.#socket.destroy();
    this.#onClose();
  }

  async #exchange(request: Sip2Request): Promise<Sip2Message> {
    const { errorDetection, retries, timeoutMs, charset } = this.#options;
    const what = describeCode(request.code);
    if (this.#closed) throw this.#lostError(what);
    const sequence = this.#sequence;
    this.#sequence = (this.#sequence + 1) % 10;
    const frame = encodeFrame(request.text, { charset, errorDetection, sequence });
    const resendRequest = encodeFrame(REQUEST_ACS_RESEND, { charset, errorDetection: true, sequence: null });
    this.#inRequest = true;
    this.#inbox = [];
    try {
      let attempts = 1;
      let askedForResend = false;
      this.#write(frame, request.text, sequence);
      let deadline = Date.now() + timeoutMs;
      for (;;) {
        const received = await this.#nextFrame(deadline, what);
        if (received === 'timeout') {
          if (attempts > retries) {
            this.destroy();
            throw new Sip2UnreachableError(
              'timeout',
              `the SIP2 server ${this.#where} did not answer ${what} within ${timeoutMs} ms (${attempts} attempts)`,
            );
          }
          this.#options.logger?.warn?.(
            `SIP2 ${this.#where}: no answer to ${what} within ${timeoutMs} ms; sending it again`,
          );
          attempts++;
          askedForResend = false;
          this.#write(frame, request.text, sequence);
          deadline = Date.now() + timeoutMs;
          continue;
        }
        if (errorDetection && received.checksum !== 'valid') {
          if (attempts > retries) {
            this.destroy();
            throw new Sip2ProtocolError(
              'bad-checksum',
              `the SIP2 server ${this.#where} answered ${what} with a ${received.checksum} checksum ${attempts} times`,
            );
          }
          this.#options.logger?.warn?.(
            `SIP2 ${this.#where}: ${received.checksum} checksum on the answer to ${what}; asking for it again (97)`,
          );
          attempts++;
          askedForResend = true;
          this.#write(resendRequest, REQUEST_ACS_RESEND, null);
          deadline = Date.now() + timeoutMs;
          continue;
        }
        if (received.text.startsWith(REQUEST_SC_RESEND)) {
          if (attempts > retries) {
            this.destroy();
            throw new Sip2ProtocolError(
              'bad-checksum',
              `the SIP2 server ${this.#where} asked for ${what} again (96) ${attempts} times`,
            );
          }
          this.#options.logger?.warn?.(`SIP2 ${this.#where}: the server asked for ${what} again (96)`);
          attempts++;
          askedForResend = false;
          this.#write(frame, request.text, sequence);
          deadline = Date.now() + timeoutMs;
          continue;
        }
        // An answer with another sequence number is a late answer to an earlier attempt: skip it.
        // After a 97 the system may number its resent answer differently, so any number is taken.
        if (errorDetection && !askedForResend && received.sequence !== null && received.sequence !== sequence) {
          this.#options.logger?.warn?.(
            `SIP2 ${this.#where}: skipped an answer numbered ${received.sequence} (expected ${sequence})`,
          );
          continue;
        }
        const message = parseMessage(received.text);
        if (message.code !== request.answer) {
          this.destroy();
          throw new Sip2ProtocolError(
            'unexpected-message',
            `the SIP2 server ${this.#where} answered ${what} with ${describeCode(message.code)}`,
          );
        }
        return message;
      }
    } finally {
      this.#inRequest = false;
      this.#inbox = [];
    }
  }

  #write(frame: Buffer, text: string, sequence: number | null): void {
    this.#options.logger?.debug?.(
      `SIP2 ${this.#where} → ${redactMessage(text)}${sequence === null ? '' : ` [AY${sequence}]`}`,
    );
    this.#socket.write(frame);
  }

  #nextFrame(deadline: number, what: string): Promise<DecodedFrame | 'timeout'> {
    const queued = this.#inbox.shift();
    if (queued) return Promise.resolve(queued);
    if (this.#closed) return Promise.reject(this.#lostError(what));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.#waiter = null;
          resolve('timeout');
        },
        Math.max(0, deadline - Date.now()),
      );
      this.#waiter = {
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error instanceof Sip2ClosedError ? error : this.#lostError(what));
        },
      };
    });
  }

  #onData(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    let end: number;
    while ((end = this.#buffer.indexOf(CR)) !== -1) {
      let bytes = this.#buffer.subarray(0, end);
      this.#buffer = this.#buffer.subarray(end + 1);
      // Some systems end messages with CR LF: the LF then begins the next message.
      while (bytes.length > 0 && (bytes[0] === 0x0a || bytes[0] === 0x00)) bytes = bytes.subarray(1);
      if (bytes.length === 0) continue;
      const frame = decodeFrame(bytes, this.#options.charset);
      this.#options.logger?.debug?.(
        `SIP2 ${this.#where} ← ${redactMessage(frame.text)}${frame.sequence === null ? '' : ` [AY${frame.sequence}]`}`,
      );
      if (!this.#inRequest) {
        this.#options.logger?.warn?.(`SIP2 ${this.#where}: skipped a message no request was waiting for`);
        continue;
      }
      const waiter = this.#waiter;
      this.#waiter = null;
      if (waiter) waiter.resolve(frame);
      else this.#inbox.push(frame);
    }
  }

  #onClose(): void {
    if (this.#closed) return;
    this.#closed = true;
    const waiter = this.#waiter;
    this.#waiter = null;
    if (this.#inRequest) {
      this.#options.logger?.warn?.(`SIP2 ${this.#where}: connection lost during a request`);
    }
    waiter?.reject(this.#closeError ?? new Error('connection closed'));
    for (const listener of this.#closeListeners.splice(0)) listener();
  }

  #lostError(what: string): Error {
    if (this.#closeError instanceof Sip2ClosedError) return this.#closeError;
    return new Sip2UnreachableError(
      'connection-lost',
      `the connection to the SIP2 server ${this.#where} was lost during ${what}`,
      this.#closeError ? { cause: this.#closeError } : undefined,
    );
  }
}

/** Opens the TCP (or TLS) socket, mapping failures to `Sip2UnreachableError`. */
function connectSocket(options: Sip2ConnectionOptions): Promise<net.Socket> {
  const where = `${options.host}:${options.port}`;
  return new Promise((resolve, reject) => {
    const secure = options.tls !== undefined && options.tls !== false;
    const socket = secure
      ? tls.connect({ ...(typeof options.tls === 'object' ? options.tls : {}), host: options.host, port: options.port })
      : net.connect({ host: options.host, port: options.port });
    const connectEvent = secure ? 'secureConnect' : 'connect';
    const settle = (): void => {
      clearTimeout(timer);
      socket.off('error', onError);
      socket.off(connectEvent, onConnect);
    };
    const fail = (error: Sip2UnreachableError): void => {
      settle();
      socket.on('error', () => undefined); // a late error of the discarded socket
      socket.destroy();
      reject(error);
    };
    const onError = (error: NodeJS.ErrnoException): void => {
      const refused = error.code === 'ECONNREFUSED';
      fail(
        new Sip2UnreachableError(
          refused ? 'connect-refused' : 'connect-failed',
          refused
            ? `the SIP2 server ${where} refused the connection (nothing listens there)`
            : `could not connect to the SIP2 server ${where}: ${error.code ?? error.message}`,
          { cause: error },
        ),
      );
    };
    const onConnect = (): void => {
      settle();
      resolve(socket);
    };
    const timer = setTimeout(
      () =>
        fail(
          new Sip2UnreachableError(
            'connect-timeout',
            `no connection to the SIP2 server ${where} within ${options.connectTimeoutMs} ms`,
          ),
        ),
      options.connectTimeoutMs,
    );
    socket.once('error', onError);
    socket.once(connectEvent, onConnect);
  });
}
