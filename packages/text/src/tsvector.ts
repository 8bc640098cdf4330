import { pinyinKeys } from './pinyin.js';
import { analysedForm, indexTokensOfForm } from './tokens.js';

/** The weight of a field in ranking: A title, B author, C subject, D everything else. */
export type Weight = 'A' | 'B' | 'C' | 'D';

/** A piece of text to index with its weight; `pinyin` adds pinyin keys of its Chinese. */
export interface IndexField {
  text: string | null | undefined;
  weight: Weight;
  pinyin?: boolean;
}

const MAX_POSITION = 16383; // PostgreSQL's limit; later tokens are kept at this position
const MAX_POSITIONS_PER_LEXEME = 255;
/** Gap between fields so that a phrase never spans two of them. */
const FIELD_GAP = 50;

/** Words at least this long get pinyin keys of their own. */
const PINYIN_WORD_MIN = 3;
const ALL_HAN = /^\p{Script=Han}+$/u;
/** Pinyin keys of words met so far (titles repeat their words): at most this many. */
const WORD_PINYIN_CACHE = 50_000;
const wordPinyin = new Map<string, string[]>();

/** The full and initial pinyin keys of one Chinese word, remembered. */
function wordPinyinKeys(word: string): string[] {
  let keys = wordPinyin.get(word);
  if (!keys) {
    const { full, initials } = pinyinKeys(word);
    keys = [...full, ...initials];
    if (wordPinyin.size >= WORD_PINYIN_CACHE) wordPinyin.clear();
    wordPinyin.set(word, keys);
  }
  return keys;
}

/** Quotes a lexeme for the tsvector input syntax. */
function quoteLexeme(token: string): string {
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * A PostgreSQL tsvector literal (`'word':1A,7A 'other':20B`) of the analysed fields; cast it with
 * `::tsvector`. Positions are character offsets in the analysed text (1-based), so words,
 * sub-words and characters covering the same text share positions and phrases can be matched
 * with `<N>` distances.
 */
export function buildTsVector(fields: IndexField[]): string {
  const positions = new Map<string, Set<string>>();
  let base = 1;
  const add = (token: string, offset: number, weight: Weight) => {
    const entry = `${Math.min(base + offset, MAX_POSITION)}${weight}`;
    const set = positions.get(token);
    if (!set) positions.set(token, new Set([entry]));
    else if (set.size < MAX_POSITIONS_PER_LEXEME) set.add(entry);
  };
  for (const field of fields) {
    if (!field.text) continue;
    const form = analysedForm(field.text);
    const tokens = indexTokensOfForm(form);
    for (const { token, offset } of tokens) add(token, offset, field.weight);
    if (field.pinyin) {
      const { full, initials } = pinyinKeys(field.text);
      const runKeys = new Set([...full, ...initials]);
      for (const key of runKeys) add(key, 0, field.weight);
      // And of its words of three characters or more, so that hongloumeng and hlm find 红楼梦研究
      // too (not of two-character words: "women" would find every title with 我们). A word that is
      // a whole run has its keys already: a second position would count it twice in ranking.
      for (const { token, offset } of tokens) {
        if (token.length < PINYIN_WORD_MIN || !ALL_HAN.test(token)) continue;
        for (const key of wordPinyinKeys(token)) if (!runKeys.has(key)) add(key, offset, field.weight);
      }
    }
    base += form.length + FIELD_GAP;
  }
  return [...positions].map(([token, set]) => `${quoteLexeme(token)}:${[...set].join(',')}`).join(' ');
}
