import { AVATAR_MAX_PIXELS, AVATAR_SIZE, imageKindOf } from '@openfind/contract';
import { reencodeImage, type ImageRefusal } from '../../lib/image-upload.js';

/** Why an upload is not an avatar: not a JPEG or PNG, too many pixels, or not decodable. */
export type AvatarRefusal = ImageRefusal;

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

/**
 * Makes the stored avatar of an upload. The content decides, not the name or the declared type: it
 * must start as a JPEG or PNG and decode as the same format; an image of more than AVATAR_MAX_PIXELS
 * (a decompression bomb: huge dimensions in a small file) is refused from its header, before any
 * pixel is decoded. The picture is turned upright (EXIF orientation), cut to the centre square,
 * scaled to AVATAR_SIZE and written as a new JPEG on white (a PNG's transparency): nothing of the
 * upload's metadata (EXIF with GPS position, camera, ICC, XMP, comments) is carried over.
 */
export async function makeAvatar(upload: Buffer): Promise<AvatarImage> {
  return reencodeImage(
    upload,
    {
      kindOf: imageKindOf,
      maxPixels: AVATAR_MAX_PIXELS,
      refuse: (r) => new AvatarImageError(r),
      sequentialRead: true,
    },
    async (input) => {
      const { data, info } = await input()
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { image: data, contentType: 'image/jpeg' as const, width: info.width, height: info.height };
    },
  );
}
