import { pinyin } from 'pinyin-pro';
import { foldText } from './fold.js';

const HAN_RUN = /\p{Script=Han}+/gu;

/** Pinyin keys of the Chinese in `text`: full syllables joined ("hongloumeng") and initials ("hlm"). */
export function pinyinKeys(text: string): { full: string[]; initials: string[] } {
  const full: string[] = [];
  const initials: string[] = [];
  for (const [run] of text.matchAll(HAN_RUN)) {
    if (run.length < 2) continue;
    const syllables = pinyin(run, { toneType: 'none', type: 'array', v: true });
    full.push(syllables.join('').toLowerCase());
    initials.push(
      syllables
        // The first character, not the first UTF-16 unit: a character beyond the BMP that has no
        // pinyin (𠀀) is its own syllable, and half of it would be a lone surrogate.
        .map((s) => String.fromCodePoint(s.codePointAt(0) ?? 32).trim())
        .join('')
        .toLowerCase(),
    );
  }
  return { full, initials };
}

/**
 * A sort key: the pinyin syllables of the text's Han characters first, then the folded text (at
 * most 200 characters), so that 曹雪芹 sorts under C and Latin names among them by their letters.
 */
export function sortKey(text: string): string {
  const { full } = pinyinKeys(text);
  return (full.length ? full.join(' ') + ' ' : '') + sliceChars(foldText(text), 200);
}

/** At most `n` UTF-16 units of `text`, without cutting a character beyond the BMP in half. */
export function sliceChars(text: string, n: number): string {
  if (text.length <= n) return text;
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}
