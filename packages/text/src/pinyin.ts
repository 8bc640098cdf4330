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
        .map((s) => s.charAt(0))
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
  return (full.length ? full.join(' ') + ' ' : '') + foldText(text).slice(0, 200);
}
