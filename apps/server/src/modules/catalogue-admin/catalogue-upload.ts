import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { detectFormat, looksLikeGb18030, type CatalogueFormat } from '@openfind/marc';

/** An uploaded file, on disk in a folder of its own. */
export interface Upload {
  dir: string;
  file: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  hash: string;
}

/** A name safe to keep on disk and show: the last part of what the client said, without controls. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f')
    .join('')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return clean || 'catalogue';
}

/**
 * Streams a request body into `<root>/<unique>/<name>`, at most `limit` bytes, hashing it on the way:
 * never held whole in memory. A declared length past the limit is refused before a byte is read; a
 * body that grows past it is refused as soon as it does (what was written is removed, the rest is
 * read and dropped so that the answer reaches the client).
 */
export async function receiveUpload(
  req: FastifyRequest,
  payload: Readable,
  opts: { root: string; name: string; limit: number; tooLarge: () => Error },
): Promise<Upload> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.limit) {
    payload.resume();
    throw opts.tooLarge();
  }
  await mkdir(opts.root, { recursive: true });
  const dir = path.join(opts.root, `upload-${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  await mkdir(dir);
  const file = path.join(dir, opts.name);
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let size = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (err: Error) => {
        if (failed) return;
        failed = true;
        payload.unpipe?.();
        payload.off('data', onData);
        payload.resume();
        out.destroy();
        reject(err);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.limit) return fail(opts.tooLarge());
        hash.update(chunk);
        if (!out.write(chunk)) {
          payload.pause();
          out.once('drain', () => payload.resume());
        }
      };
      payload.on('data', onData);
      payload.once('end', () => {
        if (failed) return;
        out.end(() => resolve());
      });
      payload.once('error', fail);
      out.once('error', fail);
    });
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return { dir, file, size, hash: hash.digest('hex') };
}

/** Bytes of the file's start the content check reads. */
const HEAD_BYTES = 64 * 1024;

async function readHead(file: string): Promise<Uint8Array> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The start of a gzip file's content (undefined when it does not inflate). */
function inflatedHead(file: string): Promise<Uint8Array | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const input = createReadStream(file);
    const gunzip = createGunzip();
    const done = (v: Uint8Array | undefined) => {
      input.destroy();
      gunzip.destroy();
      resolve(v);
    };
    gunzip.on('data', (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      if (size >= HEAD_BYTES) done(Buffer.concat(chunks).subarray(0, HEAD_BYTES));
    });
    gunzip.on('end', () => done(Buffer.concat(chunks)));
    gunzip.on('error', () => done(size ? Buffer.concat(chunks) : undefined));
    input.on('error', () => done(undefined));
    input.pipe(gunzip);
  });
}

function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, cutAtCharacter(head)));
    return true;
  } catch {
    return looksLikeGb18030(head, 0, head.length);
  }
}

/** Where a head cut at HEAD_BYTES ends on a whole UTF-8 character. */
function cutAtCharacter(head: Uint8Array): number {
  let end = head.length;
  for (let back = 0; back < 4 && end > 0; back++) {
    const b = head[end - 1 - back]!;
    if ((b & 0xc0) !== 0x80) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      if (need > back + 1) end = end - 1 - back;
      break;
    }
  }
  return end;
}

/**
 * The format of a catalogue file by its content, checked further than the readers' detection (which
 * guesses from a few bytes): MARCXML must name a record or collection, MARC-in-JSON a leader or
 * fields, CSV must be text with a separator in its first line. A gzip file is judged by what it
 * holds. Undefined: none of the readers would take it.
 */
export async function sniffCatalogue(file: string, name: string): Promise<CatalogueFormat | undefined> {
  let head = await readHead(file);
  let format = detectFormat(head, name);
  if (format === 'gzip') {
    const inner = await inflatedHead(file);
    if (!inner?.length) return undefined;
    head = inner;
    format = detectFormat(head, name.replace(/\.gz$/i, ''));
    if (format === 'gzip') return undefined;
  }
  if (!format) return undefined;
  const text = () => new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 16 * 1024));
  switch (format) {
    case 'marcxml':
      return /<(?:[\w-]+:)?(?:record|collection|holdings)\b/i.test(text()) ? format : undefined;
    case 'marc-json':
      return /"(?:leader|fields)"\s*:/.test(text()) ? format : undefined;
    case 'csv': {
      if (!isText(head)) return undefined;
      const firstLine =
        text()
          .replace(/^\uFEFF/, '')
          .split(/\r?\n/, 1)[0] ?? '';
      return /[,\t]/.test(firstLine) ? format : undefined;
    }
    default:
      return format;
  }
}
