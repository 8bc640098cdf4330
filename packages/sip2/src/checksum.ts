/**
 * SIP2 error detection checksum: the two's complement of the 16-bit sum of every byte of the
 * message up to and including "AZ". Computed over the encoded bytes, so a GBK message and its
 * UTF-8 equivalent have different checksums.
 */
export function sip2Checksum(bytes: Uint8Array): string {
  let sum = 0;
  for (const byte of bytes) sum = (sum + byte) & 0xffff;
  return ((-sum & 0xffff) >>> 0).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * True when `bytes` (one message without its CR) ends in `AZ` and four hex digits that match the
 * bytes before them. The hex digits may be in either case.
 */
export function hasValidChecksum(bytes: Uint8Array): boolean {
  const length = bytes.length;
  if (length < 6 || bytes[length - 6] !== 0x41 || bytes[length - 5] !== 0x5a) return false;
  const hex = Buffer.from(bytes.subarray(length - 4)).toString('latin1');
  if (!/^[0-9A-Fa-f]{4}$/.test(hex)) return false;
  let sum = Number.parseInt(hex, 16);
  for (let i = 0; i < length - 4; i++) sum = (sum + (bytes[i] ?? 0)) & 0xffff;
  return sum === 0;
}
