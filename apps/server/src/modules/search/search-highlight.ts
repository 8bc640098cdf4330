import { foldText, pinyinKeys, stripDiacritics } from '@openfind/text';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe to put in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const folded = new Map<string, string>();

/** One character as the index compares it (folded, without diacritics); cached. */
function foldChar(ch: string): string {
  let f = folded.get(ch);
  if (f === undefined) {
    f = stripDiacritics(foldText(ch));
    if (folded.size < 50_000) folded.set(ch, f);
  }
  return f;
}

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}{2,}/gu;
const ASCII_WORD = /^[a-z]{2,}$/;
/** A letter or digit that belongs to a word (Chinese characters stand alone). */
const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c) && !HAN.test(c);

/** Words to highlight: whole words (`terms`) and word beginnings (`prefixes`), as the query analysed them. */
export interface HighlightWords {
  terms: string[];
  prefixes: string[];
}

/**
 * `text` as HTML with the hits in `<em>` and everything else escaped, or null when nothing hits.
 * Chinese matches anywhere; other words match whole (or as a beginning, for prefixes); Traditional
 * and Simplified, full and half width, case and diacritics are alike; pinyin typed for a title
 * highlights the Chinese it spells.
 */
export function highlight(text: string | null, words: HighlightWords, opts: { pinyin?: boolean } = {}): string | null {
  if (!text) return null;
  const chars = [...text];
  let flat = '';
  const owner: number[] = [];
  chars.forEach((ch, i) => {
    const f = foldChar(ch);
    flat += f;
    for (let k = 0; k < f.length; k++) owner.push(i);
  });
  const marked = new Array<boolean>(chars.length).fill(false);
  const mark = (from: number, to: number) => {
    for (let k = from; k < to; k++) marked[owner[k]!] = true;
  };
  const find = (word: string, prefix: boolean) => {
    const w = stripDiacritics(word);
    if (!w) return;
    const bounded = !HAN.test(w);
    for (let at = flat.indexOf(w); at >= 0; at = flat.indexOf(w, at + 1)) {
      const end = at + w.length;
      if (bounded && (isWordChar(flat[at - 1]) || (!prefix && isWordChar(flat[end])))) continue;
      mark(at, end);
    }
  };
  for (const t of words.terms) find(t, false);
  for (const p of words.prefixes) find(p, true);
  if (opts.pinyin) {
    const spelled = new Set([...words.terms, ...words.prefixes].filter((w) => ASCII_WORD.test(w)));
    if (spelled.size) {
      for (const m of text.matchAll(HAN_RUN)) {
        const { full, initials } = pinyinKeys(m[0]);
        if ([...full, ...initials].some((k) => spelled.has(k))) {
          const start = [...text.slice(0, m.index)].length;
          for (let k = 0; k < [...m[0]].length; k++) marked[start + k] = true;
        }
      }
    }
  }
  if (!marked.includes(true)) return null;
  let html = '';
  let open = false;
  chars.forEach((ch, i) => {
    if (marked[i] && !open) html += '<em>';
    if (!marked[i] && open) html += '</em>';
    open = marked[i]!;
    html += escapeHtml(ch);
  });
  return open ? html + '</em>' : html;
}
