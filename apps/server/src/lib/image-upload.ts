import sharp, { type Metadata, type Sharp } from 'sharp';

// Decoded images are not kept between requests (each upload is decoded once), and libvips uses one
// thread per image: two cores serve the API, not one upload's pixels.
sharp.cache(false);
sharp.concurrency(1);

/** Why an upload is not a usable image: not a format accepted there, too many pixels, or not decodable. */
export type ImageRefusal = 'type' | 'pixels' | 'unreadable';

/** Whether sharp refused an image for having more pixels than `limitInputPixels`. */
const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/** Images re-encoded at once in this process, whatever they are for; more wait (each may hold a large decoded image). */
const MAX_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export interface ImageCheck<K extends string> {
  /** What the first bytes say the upload is (null: not a format accepted here). Name and declared type say nothing. */
  kindOf: (head: Uint8Array) => K | null;
  /** More pixels than this are refused from the header, before any pixel is decoded (a decompression bomb). */
  maxPixels: number;
  /** The error thrown for each refusal. */
  refuse: (refusal: ImageRefusal) => Error;
  /** Read the input in one pass (an image written whole, as an avatar is). */
  sequentialRead?: boolean;
}

/**
 * Re-encodes an uploaded image after checking it by content: it must start as one of the accepted
 * formats and decode, whole, as that same format (a signature before other bytes, a header that lies
 * about its size, a truncated file: refused), within the pixel limit. `encode` writes the new image
 * from `input()` (a fresh pipeline over the upload each call), so nothing of the upload but its pixels
 * — no EXIF, ICC, XMP or comments — reaches anyone.
 */
export async function reencodeImage<K extends string, T>(
  upload: Buffer,
  check: ImageCheck<K>,
  encode: (input: () => Sharp, kind: K, meta: Metadata) => Promise<T>,
): Promise<T> {
  const kind = check.kindOf(upload.subarray(0, 16));
  if (!kind) throw check.refuse('type');
  return inTurn(async () => {
    const input = () =>
      sharp(upload, {
        limitInputPixels: check.maxPixels,
        failOn: 'error',
        animated: false,
        sequentialRead: check.sequentialRead ?? false,
      }).timeout({ seconds: 20 });
    let meta: Metadata;
    try {
      meta = await input().metadata();
    } catch (err) {
      // libvips reads the dimensions from the header and refuses past the limit before decoding.
      throw check.refuse(isPixelLimit(err) ? 'pixels' : 'unreadable');
    }
    if (meta.format !== kind) throw check.refuse('type');
    if (!meta.width || !meta.height) throw check.refuse('unreadable');
    if (meta.width * meta.height > check.maxPixels) throw check.refuse('pixels');
    try {
      return await encode(input, kind, meta);
    } catch (err) {
      throw check.refuse(isPixelLimit(err) ? 'pixels' : 'unreadable');
    }
  });
}
