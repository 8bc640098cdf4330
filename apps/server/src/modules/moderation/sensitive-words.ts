import { foldText } from '@openfind/text';

/**
 * Sensitive words in a comment, as search folds text (`foldText`: lower case, NFKC so that
 * full-width ＡＢＣ and half-width abc are one, Traditional → Simplified): a word matches wherever its
 * folded form is a substring of the folded comment, so it works for Chinese, which has no spaces to
 * split words at. The marks are ranges of the comment as written, for the screen to highlight.
 */

/** A word of the list: as typed, and its folded form. */
export interface SensitiveWord {
  word: string;
  folded: string;
}

/** The folded form of a word as the list stores and matches it ('' when nothing is left). */
export function foldWord(word: string): string {
  return foldText(word.trim());
}

/**
 * The folded text and, for each of its UTF-16 units, the index in `text` of the character it comes
 * from. Folding the whole text at once is right when it keeps the length (the common case: case,
 * width and script folding are one unit for one); otherwise each character is folded alone.
 */
function foldWithOrigins(text: string): { folded: string; origin: number[] } {
  const whole = foldText(text);
  if (whole.length === text.length) return { folded: whole, origin: Array.from({ length: text.length }, (_, i) => i) };
  let folded = '';
  const origin: number[] = [];
  let at = 0;
  for (const ch of text) {
    const f = foldText(ch);
    folded += f;
    for (let k = 0; k < f.length; k++) origin.push(at);
    at += ch.length;
  }
  return { folded, origin };
}

/**
 * The words of `words` that `text` contains (as the list names them, in the list's order) and the
 * ranges [start, end) of `text` they cover, overlapping ranges joined.
 */
export function findSensitive(
  text: string,
  words: readonly SensitiveWord[],
): { words: string[]; marks: [number, number][] } {
  if (!words.length || !text) return { words: [], marks: [] };
  const { folded, origin } = foldWithOrigins(text);
  const found: string[] = [];
  const ranges: [number, number][] = [];
  for (const w of words) {
    if (!w.folded) continue;
    let from = folded.indexOf(w.folded);
    if (from < 0) continue;
    found.push(w.word);
    while (from >= 0) {
      const last = from + w.folded.length - 1;
      const end = origin[last]! + (text.codePointAt(origin[last]!)! > 0xffff ? 2 : 1);
      ranges.push([origin[from]!, end]);
      from = folded.indexOf(w.folded, from + 1);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const marks: [number, number][] = [];
  for (const r of ranges) {
    const prev = marks[marks.length - 1];
    if (prev && r[0] <= prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else marks.push([r[0], r[1]]);
  }
  return { words: found, marks };
}
