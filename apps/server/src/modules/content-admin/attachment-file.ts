import { ATTACHMENT_TYPES, type AttachmentFileKind } from '@openfind/contract';

/**
 * What an uploaded attachment is, by its bytes alone (never by its name or the type the browser
 * declared): PDF, JPEG, PNG and WebP by their signatures; DOCX and XLSX as ZIP containers whose
 * central directory holds the entries of that format (and no macros); plain text as valid UTF-8
 * without control characters or HTML markup. Anything else — a program renamed `.pdf`, an HTML page
 * renamed `.txt`, an old binary Office file — is refused (null).
 */
export function attachmentKindOf(bytes: Buffer): AttachmentFileKind | null {
  if (!bytes.length) return null;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeKindOf(bytes);
  return isPlainText(bytes) ? 'text' : null;
}

/** The MIME type a stored file of that kind is served with. */
export const contentTypeOf = (kind: AttachmentFileKind): string => ATTACHMENT_TYPES[kind];

/** The file name extension of a kind. */
export const EXTENSIONS: Record<AttachmentFileKind, string> = {
  pdf: '.pdf',
  jpeg: '.jpg',
  png: '.png',
  webp: '.webp',
  text: '.txt',
  docx: '.docx',
  xlsx: '.xlsx',
};

/** The kind a stored content type names (for the file name of a download). */
export function kindOfContentType(type: string): AttachmentFileKind | null {
  for (const [kind, t] of Object.entries(ATTACHMENT_TYPES)) if (t === type) return kind as AttachmentFileKind;
  return null;
}

function startsWith(bytes: Buffer, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

/** Markup a browser would read as a page (or script) if it ever sniffed the file. */
const MARKUP = /<\s*(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta|link|style|img|a\s|\?xml)/i;

/**
 * UTF-8 text (a BOM allowed) with no control characters but tab, line breaks and form feed, and
 * no HTML or XML markup.
 */
function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters mark a binary file
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  return !MARKUP.test(text);
}

/** The names of a ZIP file's entries, from its central directory; null when it is no well-formed ZIP. */
export function zipEntryNames(bytes: Buffer): string[] | null {
  // The end of central directory record: 22 bytes and a comment of at most 65,535, at the very end.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  let at = bytes.readUInt32LE(end + 16);
  if (at + size > end) return null;
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > end) return null;
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** A DOCX or XLSX (Office Open XML) by the entries of its ZIP container; macro-bearing files refused. */
function officeKindOf(bytes: Buffer): AttachmentFileKind | null {
  const names = zipEntryNames(bytes);
  if (!names) return null;
  const has = new Set(names.map((n) => n.toLowerCase()));
  if (!has.has('[content_types].xml')) return null;
  if (names.some((n) => /vbaproject\.bin$/i.test(n))) return null;
  if (has.has('word/document.xml')) return 'docx';
  if (has.has('xl/workbook.xml')) return 'xlsx';
  return null;
}

/**
 * The `Content-Disposition` of a download: always an attachment (never shown inline), the name in
 * UTF-8 (RFC 6266 / 5987) with an ASCII fallback, and the extension of its kind when the name lacks it.
 */
export function dispositionOf(name: string, kind: AttachmentFileKind | null): string {
  // eslint-disable-next-line no-control-regex -- no control characters or quotes in a header value
  let file = name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').trim() || 'attachment';
  const ext = kind ? EXTENSIONS[kind] : '';
  if (ext && !file.toLowerCase().endsWith(ext) && !(kind === 'jpeg' && /\.jpe?g$/i.test(file))) file += ext;
  const ascii = file.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}
