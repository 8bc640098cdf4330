import * as OpenCC from 'opencc-js';

// Traditional variants of Taiwan and Hong Kong, folded character by character to Simplified.
const fromTw = OpenCC.Converter({ from: 'tw', to: 'cn' });
const fromHk = OpenCC.Converter({ from: 'hk', to: 'cn' });
const HAN = /\p{Script=Han}/u;
/** Text of ASCII only: NFKC and the Traditional folding leave it as it is, so folding is lower-casing. */
const ASCII = /^[\u0000-\u007f]*$/; // eslint-disable-line no-control-regex -- the ASCII range by definition

/** True when `text` holds only ASCII characters (the fast path of folding and tokenising). */
export function isAscii(text: string): boolean {
  return ASCII.test(text);
}

/** Traditional Chinese characters folded to Simplified (中華書局 → 中华书局); other text unchanged. */
export function toSimplified(text: string): string {
  return HAN.test(text) ? fromHk(fromTw(text)) : text;
}

/**
 * The form text is indexed and queried in: Unicode NFKC (full-width → half-width, compatibility
 * forms), lower case, Traditional → Simplified.
 */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return toSimplified(text.normalize('NFKC').toLowerCase());
}

/** Latin letters without their diacritics: "élève" → "eleve"; other scripts (й, ё) are kept. */
export function stripDiacritics(text: string): string {
  if (ASCII.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
}
