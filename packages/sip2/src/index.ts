export { SIP2_CHARSETS, decodeText, encodeText, type Sip2Charset } from './charset.js';
export { hasValidChecksum, sip2Checksum } from './checksum.js';
export { Sip2Client, type PatronOptions, type PlaceHoldOptions, type Sip2ClientOptions } from './client.js';
export { Sip2Connection, type Sip2ConnectionOptions, type Sip2Logger } from './connection.js';
export { formatSipDateTime, parseSipDateTime, type SipDateTime } from './datetime.js';
export {
  Sip2ClosedError,
  Sip2Error,
  Sip2InvalidRequestError,
  Sip2LoginRefusedError,
  Sip2ProtocolError,
  Sip2UnreachableError,
  type ProtocolErrorReason,
  type Sip2ErrorCode,
  type UnreachableReason,
} from './errors.js';
export { decodeFrame, encodeFrame, type DecodedFrame, type FrameOptions } from './frame.js';
export {
  buildMessage,
  parseMessage,
  redactMessage,
  type FieldEntry,
  type Sip2Fields,
  type Sip2Message,
} from './message.js';
export { Sip2Pool } from './pool.js';
export {
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
  type HoldType,
  type LoginInput,
  type PatronSummary,
  type PatronSummaryKind,
  type Sip2Request,
} from './requests.js';
export {
  parseAcsStatus,
  parseCheckinResponse,
  parseCheckoutResponse,
  parseEndSessionResponse,
  parseHoldResponse,
  parseItemInformation,
  parseLoginResponse,
  parsePatronInformation,
  parsePatronStatus,
  parseRenewAllResponse,
  parseRenewResponse,
  type AcsStatus,
  type CheckinAnswer,
  type CheckoutAnswer,
  type CirculationAnswer,
  type CirculationStatus,
  type EndSessionAnswer,
  type HoldAnswer,
  type ItemInformation,
  type LoginAnswer,
  type PatronInformation,
  type PatronStatus,
  type RenewAllAnswer,
  type RenewAnswer,
  type Sip2AnswerBase,
  type SupportedMessages,
} from './responses.js';
