import { pinyin } from 'pinyin-pro';

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
