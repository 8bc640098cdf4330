/** What went wrong, for callers that branch on it (`instanceof` works too). */
export type Sip2ErrorCode = 'unreachable' | 'login-refused' | 'protocol' | 'closed' | 'invalid-request';

/**
 * Base class of the errors this library throws. Messages name the server (host:port) and the
 * message type, never a password or a message's text.
 */
export class Sip2Error extends Error {
  readonly code: Sip2ErrorCode;

  constructor(code: Sip2ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** Why the circulation system could not be reached. */
export type UnreachableReason =
  /** Nothing listens on the port (ECONNREFUSED). */
  | 'connect-refused'
  /** No TCP (or TLS) connection within the connect timeout. */
  | 'connect-timeout'
  /** Another failure to connect: unknown host, no route, TLS handshake… */
  | 'connect-failed'
  /** The connection closed or broke while a request waited for its answer. */
  | 'connection-lost'
  /** No (valid) answer within the read timeout, after every retry. */
  | 'timeout';

/**
 * The circulation system is not reachable: the caller should say "the library's system is not
 * available" and may try again later. Distinct from a refusal by the system, which is an answer.
 */
export class Sip2UnreachableError extends Sip2Error {
  readonly reason: UnreachableReason;

  constructor(reason: UnreachableReason, message: string, options?: { cause?: unknown }) {
    super('unreachable', message, options);
    this.reason = reason;
  }
}

/** The system refused the terminal's login (93 → 94 with ok = 0): wrong terminal user or password. */
export class Sip2LoginRefusedError extends Sip2Error {
  constructor(message: string) {
    super('login-refused', message);
  }
}

/** Why an answer could not be used. */
export type ProtocolErrorReason = 'bad-checksum' | 'unexpected-message' | 'malformed';

/** The system answered, but not with a usable answer (bad checksum after every resend, wrong type…). */
export class Sip2ProtocolError extends Sip2Error {
  readonly reason: ProtocolErrorReason;

  constructor(reason: ProtocolErrorReason, message: string) {
    super('protocol', message);
    this.reason = reason;
  }
}

/** The client (or connection) was closed; no more requests are taken. */
export class Sip2ClosedError extends Sip2Error {
  constructor(message = 'the SIP2 client is closed') {
    super('closed', message);
  }
}

/** A request that cannot be sent as given (a value holding the field delimiter "|" or a CR). */
export class Sip2InvalidRequestError extends Sip2Error {
  constructor(message: string) {
    super('invalid-request', message);
  }
}
