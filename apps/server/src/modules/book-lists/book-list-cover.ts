import { BOOK_LIST_COVER_BOX, BOOK_LIST_COVER_MAX_PIXELS, imageKindOf } from '@openfind/contract';
import { reencodeImage, type ImageRefusal } from '../../lib/image-upload.js';

export class CoverImageError extends Error {
  override name = 'CoverImageError';
  constructor(readonly refusal: ImageRefusal) {
    super(`cover refused: ${refusal}`);
  }
}

/**
 * Makes the stored cover of an upload (image-upload.ts): a JPEG or PNG by its content, decoded whole
 * as that format, within BOOK_LIST_COVER_MAX_PIXELS; turned upright, fitted inside
 * BOOK_LIST_COVER_BOX (never enlarged) and written as a new JPEG on white, without the upload's metadata.
 */
export async function makeCover(upload: Buffer): Promise<{ bytes: Buffer; contentType: 'image/jpeg' }> {
  return reencodeImage(
    upload,
    { kindOf: imageKindOf, maxPixels: BOOK_LIST_COVER_MAX_PIXELS, refuse: (r) => new CoverImageError(r) },
    async (input) => {
      const bytes = await input()
        .rotate()
        .resize(BOOK_LIST_COVER_BOX.width, BOOK_LIST_COVER_BOX.height, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      return { bytes, contentType: 'image/jpeg' as const };
    },
  );
}
