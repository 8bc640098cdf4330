import { pinyin } from 'pinyin-pro';

const HAN_RUN = /\p{Script=Han}+/gu;

/** Pinyin keys of the Chinese in `text`: full syllables joined ("hongloumeng") and initials ("hlm"). */
export function pinyinKeys(text: string): { full: string[]; initials: string[] } {
  const full: string[] = [];
  const initials: string[] = [];
  for (const [run] of text.matchAll(HAN_RUN)) {
    const syllables = pinyin(run, { toneType: 'none', type: 'array', v: true });
    const firsts = pinyin(run, { pattern: 'first', toneType: 'none', type: 'array' });
    if (syllables.length < 2) continue;
    full.push(syllables.join('').toLowerCase());
    initials.push(firsts.join('').toLowerCase());
  }
  return { full, initials };
}
