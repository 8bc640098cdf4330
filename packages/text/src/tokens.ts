import { foldText, isAscii, stripDiacritics } from './fold.js';
import { cutForIndex, cutForQuery } from './segment.js';

/** Runs of one kind: Chinese characters, Japanese kana, or letters/digits of any other script. */
const RUN =
  /(\p{Script=Han}+)|([\p{Script=Hiragana}\p{Script=Katakana}ー]+)|((?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー])[\p{L}\p{M}\p{N}])+)/gu;
const MAX_TOKEN = 100;

/** A token and the offset (in characters of the analysed text) where it starts. */
export interface Token {
  token: string;
  offset: number;
}

/**
 * The analysed form of `text`: folded (`foldText`), punctuation and white space reduced to one
 * space, and no space between two Chinese characters. Offsets of tokens refer to this string, so
 * that "Beaux-Arts" and "beaux arts", or "红楼梦 研究" and "红楼梦研究", line up the same way.
 */
export function analysedForm(text: string): string {
  const folded = foldText(text);
  // ASCII has no Chinese and no marks: only letters and digits are kept.
  if (isAscii(folded)) return folded.replace(/[^a-z0-9]+/g, ' ').trim();
  return folded
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .replace(/(\p{Script=Han}) (?=\p{Script=Han})/gu, '$1')
    .trim();
}

/** Chinese words of a run with their offsets: precise words, their dictionary sub-words, every character. */
function hanTokens(run: string, base: number, out: Token[]): void {
  let offset = 0;
  for (const word of cutForQuery(run)) {
    if (word.length > 1) {
      out.push({ token: word, offset: base + offset });
      if (word.length > 2) {
        for (const sub of cutForIndex(word)) {
          const at = sub.length > 1 && sub !== word ? word.indexOf(sub) : -1;
          if (at >= 0) out.push({ token: sub, offset: base + offset + at });
        }
      }
    }
    offset += word.length;
  }
  // Offsets count UTF-16 units, as the words' do: a character beyond the BMP takes two.
  let at = 0;
  for (const ch of run) {
    out.push({ token: ch, offset: base + at });
    at += ch.length;
  }
}

/**
 * Index tokens of `text` with offsets: Chinese by words, sub-words and single characters (so
 * short strings match), kana by characters and pairs, other scripts by words, each also without
 * diacritics.
 */
export function indexTokens(text: string): Token[] {
  return indexTokensOfForm(analysedForm(text));
}

/** `indexTokens` of text already in its analysed form (`analysedForm`). */
export function indexTokensOfForm(form: string): Token[] {
  const out: Token[] = [];
  if (isAscii(form)) {
    // Words between single spaces; nothing to segment and no diacritics to strip.
    let at = 0;
    for (const word of form.split(' ')) {
      if (word && word.length <= MAX_TOKEN) out.push({ token: word, offset: at });
      at += word.length + 1;
    }
    return out;
  }
  for (const m of form.matchAll(RUN)) {
    const [, han, kana, word] = m;
    const at = m.index;
    if (han) hanTokens(han, at, out);
    else if (kana) {
      const chars = [...kana];
      let o = at;
      chars.forEach((c, i) => {
        out.push({ token: c, offset: o });
        if (i + 1 < chars.length) out.push({ token: c + chars[i + 1], offset: o });
        o += c.length;
      });
    } else if (word && word.length <= MAX_TOKEN) {
      out.push({ token: word, offset: at });
      const plain = stripDiacritics(word);
      if (plain !== word) out.push({ token: plain, offset: at });
    }
  }
  return out;
}

/**
 * Query terms of `text` as a reader means them, with offsets in its analysed form: Chinese split
 * into dictionary words (each must match), other scripts into words. Diacritics are kept (the
 * index holds both forms).
 */
export function queryTerms(text: string): Token[] {
  const out: Token[] = [];
  for (const m of analysedForm(text).matchAll(RUN)) {
    const [, han, kana, word] = m;
    const at = m.index;
    if (han) {
      let offset = 0;
      for (const w of cutForQuery(han)) {
        out.push({ token: w, offset: at + offset });
        offset += w.length;
      }
    } else if (kana) out.push({ token: kana, offset: at });
    else if (word && word.length <= MAX_TOKEN) out.push({ token: word, offset: at });
  }
  return out;
}
