import { createHash } from 'node:crypto';
import { SITE_ASSET_MAX_PIXELS, type SiteAssetType } from '@openfind/contract';
import { reencodeImage, type ImageRefusal } from '../../lib/image-upload.js';

/** Why an upload is not an image for the portal: not a PNG, JPEG or WebP, too many pixels, or not decodable. */
export type SiteImageRefusal = ImageRefusal;

export class SiteImageError extends Error {
  override name = 'SiteImageError';
  constructor(readonly refusal: SiteImageRefusal) {
    super(`site image refused: ${refusal}`);
  }
}

type Format = 'png' | 'jpeg' | 'webp';

const TYPE_OF: Record<Format, SiteAssetType> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
/** The file name ending of each type (the asset's address ends with it). */
export const EXTENSION_OF: Record<SiteAssetType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Longest side the portal needs of a logo, icon or background; larger images are scaled down. */
const MAX_SIDE = 2560;

/**
 * What the first bytes say an upload is: PNG (its eight-byte signature), JPEG (FF D8 FF), WebP
 * (RIFF….WEBP), or none of them (SVG, GIF, text, anything else). Name and declared type say nothing.
 */
export function siteImageKindOf(head: Uint8Array): Format | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The server's own image: re-encoded in the upload's format, without metadata, named by its SHA-256. */
export interface SiteImage {
  image: Buffer;
  contentType: SiteAssetType;
  width: number;
  height: number;
  hash: string;
}

/**
 * Makes the stored image of an upload. The content decides: it must start as a PNG, JPEG or WebP and
 * decode, whole, as that same format (a PNG signature before other bytes, a header that lies about its
 * size, a truncated file: refused); more than SITE_ASSET_MAX_PIXELS is refused from the header before
 * decoding. It is then written anew in its format — upright, at most MAX_SIDE on its longer side,
 * without EXIF, ICC, XMP or comments — so nothing of the upload but its pixels reaches readers.
 */
export async function makeSiteImage(upload: Buffer): Promise<SiteImage> {
  return reencodeImage(
    upload,
    { kindOf: siteImageKindOf, maxPixels: SITE_ASSET_MAX_PIXELS, refuse: (r) => new SiteImageError(r) },
    async (input, kind) => {
      const pipeline = input().rotate().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
      const encoded =
        kind === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : kind === 'jpeg'
            ? pipeline.jpeg({ quality: 88, mozjpeg: true })
            : pipeline.webp({ quality: 88 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return {
        image: data,
        contentType: TYPE_OF[kind],
        width: info.width,
        height: info.height,
        hash: createHash('sha256').update(data).digest('hex'),
      };
    },
  );
}
