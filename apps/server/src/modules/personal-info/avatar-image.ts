import sharp, { type Metadata } from 'sharp';
import { AVATAR_MAX_PIXELS, AVATAR_SIZE, imageKindOf } from '@openfind/contract';

// Decoded images are not kept between requests (each avatar is decoded once), and libvips uses one
// thread per image: two cores serve the API, not one reader's picture.
sharp.cache(false);
sharp.concurrency(1);

/** Why an upload is not an avatar: not a JPEG or PNG, too many pixels, or not decodable. */
export type AvatarRefusal = 'type' | 'pixels' | 'unreadable';

export class AvatarImageError extends Error {
  override name = 'AvatarImageError';
  constructor(readonly refusal: AvatarRefusal) {
    super(`avatar refused: ${refusal}`);
  }
}

/** The server's own avatar: a square JPEG, no metadata. */
export interface AvatarImage {
  image: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

/** Whether sharp refused an image for having more pixels than `limitInputPixels`. */
const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/** Images re-encoded at once in this process; more wait (each may hold a large decoded image). */
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

/**
 * Makes the stored avatar of an upload. The content decides, not the name or the declared type: it
 * must start as a JPEG or PNG and decode as the same format; an image of more than AVATAR_MAX_PIXELS
 * (a decompression bomb: huge dimensions in a small file) is refused from its header, before any
 * pixel is decoded. The picture is turned upright (EXIF orientation), cut to the centre square,
 * scaled to AVATAR_SIZE and written as a new JPEG on white (a PNG's transparency): nothing of the
 * upload's metadata (EXIF with GPS position, camera, ICC, XMP, comments) is carried over.
 */
export async function makeAvatar(upload: Buffer): Promise<AvatarImage> {
  const kind = imageKindOf(upload.subarray(0, 16));
  if (!kind) throw new AvatarImageError('type');
  return inTurn(async () => {
    const input = () =>
      sharp(upload, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', sequentialRead: true }).timeout({
        seconds: 20,
      });
    let meta: Metadata;
    try {
      meta = await input().metadata();
    } catch (err) {
      // libvips reads the dimensions from the header and refuses past the limit before decoding.
      throw new AvatarImageError(isPixelLimit(err) ? 'pixels' : 'unreadable');
    }
    if (meta.format !== kind) throw new AvatarImageError('type');
    if (!meta.width || !meta.height) throw new AvatarImageError('unreadable');
    if (meta.width * meta.height > AVATAR_MAX_PIXELS) throw new AvatarImageError('pixels');
    try {
      const { data, info } = await input()
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { image: data, contentType: 'image/jpeg', width: info.width, height: info.height };
    } catch (err) {
      throw new AvatarImageError(isPixelLimit(err) ? 'pixels' : 'unreadable');
    }
  });
}
