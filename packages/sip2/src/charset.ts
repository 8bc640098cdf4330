import iconv from 'iconv-lite';

/**
 * The character set a connection's messages are encoded in. It is a property of the terminal
 * account on the circulation system: Chinese systems commonly answer in GBK (cp936) or GB18030.
 */
export type Sip2Charset = 'utf-8' | 'gbk' | 'gb18030';

/** The character sets a connection can use, for validating configuration. */
export const SIP2_CHARSETS: readonly Sip2Charset[] = ['utf-8', 'gbk', 'gb18030'];

/** Text → bytes in `charset` (characters GBK cannot hold become "?", as iconv does). */
export function encodeText(text: string, charset: Sip2Charset): Buffer {
  return charset === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, charset);
}

/**
 * Bytes in `charset` → text, in Unicode NFC: some systems send decomposed text (NFD), which would
 * compare and display differently from the same text typed by a reader.
 */
export function decodeText(bytes: Uint8Array, charset: Sip2Charset): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = charset === 'utf-8' ? buffer.toString('utf8') : iconv.decode(buffer, charset);
  return text.normalize('NFC');
}
