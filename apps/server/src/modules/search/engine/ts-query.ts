/**
 * PostgreSQL's text-search queries evaluated in memory: the parser of the tsquery text the search
 * builds (`search-sql.ts`), matching (`@@`) and the two ranking functions the relevance uses
 * (`ts_rank` and `ts_rank_cd`), with PostgreSQL's semantics and float arithmetic, so that the text
 * index in memory (`text-index.ts`) finds and orders exactly what the database would.
 *
 * Positions are PostgreSQL's WordEntryPos: the position in the low 14 bits, the weight in the top
 * two (3 A, 2 B, 1 C, 0 D).
 */

/** A query operand: a lexeme with the weights it must have (a bit per weight, 0 any) and a prefix mark. */
export interface TsOperand {
  type: 'val';
  /** Index among the query's operands (`TsQuery.operands`). */
  index: number;
  lexeme: string;
  /** Bit 1 << weight per accepted weight (D 1, C 2, B 4, A 8); 0: any. */
  weights: number;
  prefix: boolean;
}

/** A parsed tsquery. */
export type TsNode =
  | TsOperand
  | { type: 'not'; arg: TsNode }
  | { type: 'and' | 'or'; left: TsNode; right: TsNode }
  | { type: 'phrase'; distance: number; left: TsNode; right: TsNode };

/** A parsed tsquery with its operands in PostgreSQL's order (see `parseTsQuery`). */
export interface TsQuery {
  root: TsNode;
  operands: TsOperand[];
}

const WEIGHT_BIT: Record<string, number> = { a: 8, b: 4, c: 2, d: 1 };
const MAX_DISTANCE = 16384;

/** The position of a WordEntryPos. */
export const posOf = (wep: number): number => wep & 0x3fff;
/** The weight of a WordEntryPos (3 A … 0 D). */
export const weightOf = (wep: number): number => wep >> 14;

/**
 * Parses tsquery text as `::tsquery` reads it: quoted lexemes with optional `:*` and weights,
 * `!`, `<->` / `<N>`, `&`, `|` (in that order of precedence, left-associative) and parentheses.
 * Only quoted lexemes are accepted (the search always quotes); anything else throws.
 */
export function parseTsQuery(text: string): TsQuery {
  const operands: TsOperand[] = [];
  let at = 0;
  const space = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const fail = (what: string): never => {
    throw new Error(`tsquery: ${what} at ${at} in ${text.slice(0, 200)}`);
  };
  const operand = (): TsOperand => {
    at++; // the opening quote
    let lexeme = '';
    for (;;) {
      if (at >= text.length) fail('unterminated lexeme');
      const c = text[at]!;
      if (c === '\\') {
        lexeme += text[at + 1] ?? '';
        at += 2;
      } else if (c === "'") {
        if (text[at + 1] === "'") {
          lexeme += "'";
          at += 2;
        } else {
          at++;
          break;
        }
      } else {
        lexeme += c;
        at++;
      }
    }
    let weights = 0;
    let prefix = false;
    if (text[at] === ':') {
      at++;
      for (; at < text.length; at++) {
        const c = text[at]!.toLowerCase();
        if (c === '*') prefix = true;
        else if (WEIGHT_BIT[c]) weights |= WEIGHT_BIT[c];
        else break;
      }
    }
    const op: TsOperand = { type: 'val', index: operands.length, lexeme, weights, prefix };
    operands.push(op);
    return op;
  };
  const primary = (): TsNode => {
    space();
    const c = text[at];
    if (c === '!') {
      at++;
      return { type: 'not', arg: primary() };
    }
    if (c === '(') {
      at++;
      const inner = orExpr();
      space();
      if (text[at] !== ')') fail('missing )');
      at++;
      return inner;
    }
    if (c === "'") return operand();
    return fail('expected a quoted lexeme');
  };
  const phraseExpr = (): TsNode => {
    let left = primary();
    for (;;) {
      space();
      const m = /^<(-|\d+)>/.exec(text.slice(at, at + 8));
      if (!m) return left;
      at += m[0].length;
      const distance = m[1] === '-' ? 1 : Number(m[1]);
      if (distance > MAX_DISTANCE) fail('distance too large');
      left = { type: 'phrase', distance, left, right: primary() };
    }
  };
  const andExpr = (): TsNode => {
    let left = phraseExpr();
    for (;;) {
      space();
      if (text[at] !== '&') return left;
      at++;
      left = { type: 'and', left, right: phraseExpr() };
    }
  };
  const orExpr = (): TsNode => {
    let left = andExpr();
    for (;;) {
      space();
      if (text[at] !== '|') return left;
      at++;
      left = { type: 'or', left, right: andExpr() };
    }
  };
  const root = orExpr();
  space();
  if (at < text.length) fail('unexpected text');
  // PostgreSQL keeps a query as an array: each operator, then its right operand, then its left.
  // ts_rank meets equal lexemes in that order (see `uniqueOperands`).
  const ordered: TsOperand[] = [];
  const visit = (node: TsNode): void => {
    if (node.type === 'val') ordered.push(node);
    else if (node.type === 'not') visit(node.arg);
    else {
      visit(node.right);
      visit(node.left);
    }
  };
  visit(root);
  ordered.forEach((op, i) => (op.index = i));
  return { root, operands: ordered };
}

/**
 * One document as a query sees it: for an operand, the document's entries that match its lexeme
 * (one, or for a prefix every lexeme starting with it), in the tsvector's lexeme order, each with
 * its positions (WordEntryPos, ascending).
 */
export type DocEntries = (operand: TsOperand) => ReadonlyArray<Uint16Array>;

/**
 * Positions of an operand in a document (its entries' positions), weights checked as PostgreSQL's
 * checkclass_str does: ascending and unique, null when none.
 */
export function operandPositions(entries: ReadonlyArray<Uint16Array>, op: TsOperand): number[] | null {
  const out: number[] = [];
  for (const positions of entries) {
    for (let i = 0; i < positions.length; i++) {
      const wep = positions[i]!;
      if (op.weights === 0 || op.weights & (1 << weightOf(wep))) out.push(posOf(wep));
    }
  }
  if (!out.length) return null;
  if (entries.length > 1) {
    out.sort((a, b) => a - b);
    let n = 1;
    for (let i = 1; i < out.length; i++) if (out[i] !== out[n - 1]) out[n++] = out[i]!;
    out.length = n;
  }
  return out;
}

/** Matches of a node below a phrase operator: end positions and width (PostgreSQL's ExecPhraseData). */
interface PhraseMatch {
  pos: number[];
  width: number;
}

/** Positions in both lists (shifted by their offsets), ascending; or in either with `union`. */
function mergePositions(l: number[], r: number[], lOff: number, rOff: number, union: boolean): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < l.length || j < r.length) {
    const lp = i < l.length ? l[i]! + lOff : Infinity;
    const rp = j < r.length ? r[j]! + rOff : Infinity;
    if (lp === rp) {
      out.push(rp);
      i++;
      j++;
    } else if (lp < rp) {
      if (union) out.push(lp);
      else if (j >= r.length) break;
      i++;
    } else {
      if (union) out.push(rp);
      else if (i >= l.length) break;
      j++;
    }
  }
  return out;
}

/** TS_phrase_execute without negation (the search never writes `!` under a phrase). */
function phraseExecute(node: TsNode, positionsOf: (op: TsOperand) => number[] | null): PhraseMatch | null {
  switch (node.type) {
    case 'val': {
      const pos = positionsOf(node);
      return pos ? { pos, width: 0 } : null;
    }
    case 'not':
      throw new Error('tsquery: ! under a phrase operator is not supported in memory');
    case 'phrase':
    case 'and': {
      const l = phraseExecute(node.left, positionsOf);
      if (!l) return null;
      const r = phraseExecute(node.right, positionsOf);
      if (!r) return null;
      if (node.type === 'phrase') {
        const pos = mergePositions(l.pos, r.pos, node.distance + r.width, 0, false);
        return pos.length ? { pos, width: node.distance + l.width + r.width } : null;
      }
      const width = Math.max(l.width, r.width);
      const pos = mergePositions(l.pos, r.pos, width - l.width, width - r.width, false);
      return pos.length ? { pos, width } : null;
    }
    case 'or': {
      const l = phraseExecute(node.left, positionsOf);
      const r = phraseExecute(node.right, positionsOf);
      if (!l && !r) return null;
      const width = Math.max(l?.width ?? 0, r?.width ?? 0);
      const pos = mergePositions(l?.pos ?? [], r?.pos ?? [], width - (l?.width ?? 0), width - (r?.width ?? 0), true);
      return { pos, width };
    }
  }
}

/** TS_execute: whether the node matches, with `positionsOf` giving an operand's positions (null: absent). */
export function executeQuery(node: TsNode, positionsOf: (op: TsOperand) => number[] | null): boolean {
  switch (node.type) {
    case 'val':
      return positionsOf(node) !== null;
    case 'not':
      return !executeQuery(node.arg, positionsOf);
    case 'and':
      return executeQuery(node.left, positionsOf) && executeQuery(node.right, positionsOf);
    case 'or':
      return executeQuery(node.left, positionsOf) || executeQuery(node.right, positionsOf);
    case 'phrase':
      return phraseExecute(node, positionsOf) !== null;
  }
}

/** `vector @@ query` for one document. */
export function matchesDocument(query: TsQuery, doc: DocEntries): boolean {
  return executeQuery(query.root, (op) => operandPositions(doc(op), op));
}

const f32 = Math.fround;

/**
 * Operands as ts_rank counts them: sorted by lexeme and each lexeme once, the first of equal ones
 * kept. PostgreSQL sorts fewer than seven by insertion, which keeps equal ones in the query's
 * order, as this stable sort does; with more, its quicksort may keep another of two equal lexemes
 * that differ in their prefix mark (never written by the search).
 */
function uniqueOperands(query: TsQuery): TsOperand[] {
  const sorted = [...query.operands].sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
  return sorted.filter((op, i) => i === 0 || compareLexemes(op.lexeme, sorted[i - 1]!.lexeme) !== 0);
}

/**
 * PostgreSQL's order of lexemes in a tsvector and in ts_rank's operand list (tsCompareString):
 * bytes of UTF-8, a shorter lexeme first where one is a prefix of the other. Code points compare
 * as UTF-8 bytes do.
 */
export function compareLexemes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (a code point above U+FFFF) sorts after every BMP character in UTF-8.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * What one entry (a lexeme's positions `positions[from, to)`) adds in calc_rank_or: its weights
 * by 1/i², the heaviest counted in full (a double, added to a float by the caller).
 */
export function entryRank(w: Float32Array, positions: Uint16Array, from: number, to: number): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < to - from; j++) {
    const wp = w[weightOf(positions[from + j]!)]!;
    resj = f32(resj + f32(wp / ((j + 1) * (j + 1))));
    if (wp > wjm) {
      wjm = wp;
      jm = j;
    }
  }
  // (float + float - float / int) / double.
  return f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685;
}

/** calc_rank_or: each operand's positions (not weight-filtered), weighted by 1/i², over the operands. */
function rankOr(w: Float32Array, ops: TsOperand[], doc: DocEntries): number {
  let res = 0;
  for (const op of ops) {
    for (const positions of doc(op)) res = f32(res + entryRank(w, positions, 0, positions.length));
  }
  return ops.length ? f32(res / ops.length) : res;
}

/** word_distance: the weight of two words at a distance. */
function wordDistance(d: number): number {
  if (d > 100) return 1e-30;
  return f32(1.0 / (1.005 + 0.05 * Math.exp(f32(d) / 1.5 - 2)));
}

/** calc_rank_and: every pair of occurrences of different operands, weighted by their distance. */
function rankAnd(w: Float32Array, ops: TsOperand[], doc: DocEntries): number {
  if (ops.length < 2) return rankOr(w, ops, doc);
  let res = -1;
  const seen: Uint16Array[] = [];
  const seenOf: number[] = [];
  ops.forEach((op, i) => {
    for (const post of doc(op)) {
      for (let k = 0; k < seen.length; k++) {
        if (seenOf[k] === i) continue;
        const ct = seen[k]!;
        for (let l = 0; l < post.length; l++) {
          for (let p = 0; p < ct.length; p++) {
            // Two operands at one position (a word and its characters) are not a pair.
            const dist = Math.abs(posOf(post[l]!) - posOf(ct[p]!));
            if (!dist) continue;
            const curw = f32(Math.sqrt(f32(f32(w[weightOf(post[l]!)]! * w[weightOf(ct[p]!)]!) * wordDistance(dist))));
            // 1.0 is a double in C: the product is computed in double, then stored as a float.
            res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
          }
        }
      }
      // PostgreSQL keeps one position vector per operand: the last entry of a prefix.
      const prior = seenOf.indexOf(i);
      if (prior >= 0) seen[prior] = post;
      else {
        seen.push(post);
        seenOf.push(i);
      }
    }
  });
  return res;
}

/** One element of ts_rank_cd's document representation: a position and the operands found there. */
interface DocItem {
  wep: number;
  ops: TsOperand[];
}

/**
 * ts_rank_cd's document: every position of every operand (weights checked), sorted by position,
 * weight and lexeme, an element per (position, lexeme) with the operands it stands for.
 */
function documentItems(query: TsQuery, doc: DocEntries, lexemeOrder: (op: TsOperand, entry: number) => number) {
  const raw: Array<{ wep: number; entry: number; op: TsOperand }> = [];
  for (const op of query.operands) {
    doc(op).forEach((positions, e) => {
      const entry = lexemeOrder(op, e);
      for (let j = 0; j < positions.length; j++) {
        const wep = positions[j]!;
        if (op.weights === 0 || op.weights & (1 << weightOf(wep))) raw.push({ wep, entry, op });
      }
    });
  }
  raw.sort((a, b) => posOf(a.wep) - posOf(b.wep) || weightOf(a.wep) - weightOf(b.wep) || a.entry - b.entry);
  const items: DocItem[] = [];
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i]!;
    const prev = raw[i - 1];
    if (prev && prev.wep === r.wep && prev.entry === r.entry) items.at(-1)!.ops.push(r.op);
    else items.push({ wep: r.wep, ops: [r.op] });
  }
  return items;
}

/**
 * ts_rank_cd(weights, vector, query) with normalization 0: the covers (shortest stretches of the
 * document that satisfy the query), each worth its words' weights over its noise words.
 * `lexemeOrder` orders the entries of different operands as the tsvector does (same position and weight).
 */
export function tsRankCd(
  weights: Float32Array,
  query: TsQuery,
  doc: DocEntries,
  lexemeOrder: (op: TsOperand, entry: number) => number,
): number {
  const invws = Array.from(weights, (x) => 1.0 / x);
  const items = documentItems(query, doc, lexemeOrder);
  if (!items.length) return 0;
  const len = items.length;
  // Positions seen of each operand within the current window (QueryRepresentation).
  const seen: number[][] = query.operands.map(() => []);
  const reset = () => seen.forEach((s) => (s.length = 0));
  const fill = (item: DocItem, reverse: boolean) => {
    for (const op of item.ops) {
      const s = seen[op.index]!;
      const pos = posOf(item.wep);
      if (!s.length) s.push(pos);
      else if (reverse ? s[0] !== pos : s.at(-1) !== pos) {
        if (reverse) s.unshift(pos);
        else s.push(pos);
      }
    }
  };
  const holds = () => executeQuery(query.root, (op) => (seen[op.index]!.length ? seen[op.index]! : null));

  // Normalization 0: the covers' extents and distances (for the other normalizations) are not needed.
  let Wdoc = 0;
  let start = 0;
  for (;;) {
    // Cover(): from `start`, the first item where the query holds (the cover's end) ...
    let found = false;
    let q = 0;
    let end = -1;
    let lastpos = start;
    let p = Number.MAX_SAFE_INTEGER;
    let begin = -1;
    let covered = false;
    while (!covered) {
      reset();
      found = false;
      q = 0;
      p = Number.MAX_SAFE_INTEGER;
      lastpos = start;
      for (let i = start; i < len; i++) {
        fill(items[i]!, false);
        if (holds()) {
          if (posOf(items[i]!.wep) > q) {
            q = posOf(items[i]!.wep);
            end = i;
            lastpos = i;
            found = true;
          }
          break;
        }
      }
      if (!found) break;
      // ... then back from there, the last item where it holds again (the cover's beginning).
      reset();
      let i = lastpos;
      for (; i >= start; i--) {
        fill(items[i]!, true);
        if (holds()) {
          if (posOf(items[i]!.wep) < p) {
            begin = i;
            p = posOf(items[i]!.wep);
          }
          break;
        }
      }
      if (p <= q) {
        start = i + 1;
        covered = true;
      } else start++;
    }
    if (!covered) break;

    let invSum = 0;
    for (let i = begin; i <= end; i++) invSum += invws[weightOf(items[i]!.wep)]!;
    const Cpos = (end - begin + 1) / invSum;
    let nNoise = q - p - (end - begin);
    if (nNoise < 0) nNoise = Math.trunc((end - begin) / 2);
    Wdoc += Cpos / (1 + nNoise);
  }
  return f32(Wdoc);
}

/** Positions of the lexeme being read, reused from one lexeme to the next (`scanTsVector`). */
let scratch = new Uint16Array(256);

/**
 * Reads tsvector text as PostgreSQL writes it (`'word':1A,7 'other':20B`): each lexeme with its
 * positions as WordEntryPos, in `positions[0, count)` — a buffer reused for the next lexeme, so a
 * caller that keeps them copies them. Quotes are doubled and backslashes escaped inside a lexeme.
 */
export function scanTsVector(
  text: string,
  visit: (lexeme: string, positions: Uint16Array, count: number) => void,
): void {
  let at = 0;
  const n = text.length;
  while (at < n) {
    while (at < n && text.charCodeAt(at) === 32) at++;
    if (at >= n) break;
    if (text.charCodeAt(at) !== 39) throw new Error(`tsvector: expected a quote at ${at}`);
    at++;
    let lexeme = '';
    let from = at;
    for (;;) {
      if (at >= n) throw new Error('tsvector: unterminated lexeme');
      const c = text.charCodeAt(at);
      if (c === 92 /* \ */) {
        lexeme += text.slice(from, at) + text[at + 1];
        at += 2;
        from = at;
      } else if (c === 39 /* ' */) {
        if (text.charCodeAt(at + 1) === 39) {
          lexeme += text.slice(from, at + 1);
          at += 2;
          from = at;
        } else {
          lexeme += text.slice(from, at);
          at++;
          break;
        }
      } else at++;
    }
    let count = 0;
    if (text.charCodeAt(at) === 58 /* : */) {
      at++;
      for (;;) {
        let pos = 0;
        while (at < n) {
          const d = text.charCodeAt(at) - 48;
          if (d < 0 || d > 9) break;
          pos = pos * 10 + d;
          at++;
        }
        // A, B, C: weights 3, 2, 1; none written: D (0).
        const w = text.charCodeAt(at) - 65;
        let weight = 0;
        if (w >= 0 && w <= 3) {
          weight = 3 - w;
          at++;
        }
        if (count === scratch.length) {
          const bigger = new Uint16Array(count * 2);
          bigger.set(scratch);
          scratch = bigger;
        }
        scratch[count++] = (weight << 14) | pos;
        if (text.charCodeAt(at) !== 44 /* , */) break;
        at++;
      }
    }
    visit(lexeme, scratch, count);
  }
}

/** ts_rank(weights, vector, query) with normalization 0, the query's operands sorted once: a function of one document. */
export function prepareTsRank(weights: Float32Array, query: TsQuery): (doc: DocEntries) => number {
  if (!query.operands.length) return () => 0;
  const ops = uniqueOperands(query);
  const top = query.root.type;
  const and = top === 'and' || top === 'phrase';
  return (doc) => {
    const res = and ? rankAnd(weights, ops, doc) : rankOr(weights, ops, doc);
    return res < 0 ? f32(1e-20) : res;
  };
}

/** Whether a node holds when the operands of the bits in `mask` are present (no phrase, no NOT below). */
function holdsForMask(node: TsNode, mask: number): boolean {
  switch (node.type) {
    case 'val':
      return (mask & (1 << node.index)) !== 0;
    case 'and':
      return holdsForMask(node.left, mask) && holdsForMask(node.right, mask);
    case 'or':
      return holdsForMask(node.left, mask) || holdsForMask(node.right, mask);
    default:
      throw new Error('tsquery: no truth table for phrases and NOT');
  }
}

const hasPositionalNodes = (node: TsNode): boolean =>
  node.type === 'phrase' ||
  node.type === 'not' ||
  (node.type !== 'val' && (hasPositionalNodes(node.left) || hasPositionalNodes(node.right)));

const MAX_TABLE_OPERANDS = 16;
/** Sort keys of ts_rank_cd's elements: ((position · 4 + weight) · 2^26 + lexeme order), exact in a double. */
const ENTRY_SPAN = 2 ** 26;

/**
 * ts_rank_cd of a query as a function of one document. A query of words joined by & and | (the
 * search's ranking queries) holds or not by which words a stretch contains: a truth table over
 * the words replaces evaluating the query at every step of every cover, and the document's
 * elements live in reused arrays. Other queries (phrases) take `tsRankCd`.
 */
export function prepareTsRankCd(
  weights: Float32Array,
  query: TsQuery,
): (doc: DocEntries, lexemeOrder: (op: TsOperand, entry: number) => number) => number {
  const k = query.operands.length;
  if (!k) return () => 0;
  if (k > MAX_TABLE_OPERANDS || hasPositionalNodes(query.root)) {
    return (doc, order) => tsRankCd(weights, query, doc, order);
  }
  const table = new Uint8Array(1 << k);
  for (let m = 0; m < table.length; m++) table[m] = holdsForMask(query.root, m) ? 1 : 0;
  const invws = Array.from(weights, (x) => 1.0 / x);
  let keys = new Float64Array(64);
  let bits = new Int32Array(64);
  return (doc, order) => {
    let n = 0;
    for (const op of query.operands) {
      const bit = 1 << op.index;
      const entries = doc(op);
      for (let e = 0; e < entries.length; e++) {
        const positions = entries[e]!;
        const entry = order(op, e);
        for (let j = 0; j < positions.length; j++) {
          const wep = positions[j]!;
          const w = weightOf(wep);
          if (op.weights !== 0 && (op.weights & (1 << w)) === 0) continue;
          if (n === keys.length) {
            const k2 = new Float64Array(n * 2);
            k2.set(keys);
            keys = k2;
            const b2 = new Int32Array(n * 2);
            b2.set(bits);
            bits = b2;
          }
          keys[n] = (posOf(wep) * 4 + w) * ENTRY_SPAN + entry;
          bits[n++] = bit;
        }
      }
    }
    if (!n) return 0;
    // Sort the elements by key (insertion: documents hold few of the query's words), then merge
    // an element per (position, weight, lexeme) with the operands it stands for.
    for (let i = 1; i < n; i++) {
      const key = keys[i]!;
      const b = bits[i]!;
      let j = i - 1;
      while (j >= 0 && keys[j]! > key) {
        keys[j + 1] = keys[j]!;
        bits[j + 1] = bits[j]!;
        j--;
      }
      keys[j + 1] = key;
      bits[j + 1] = b;
    }
    let len = 0;
    for (let i = 0; i < n; i++) {
      if (len && keys[len - 1] === keys[i]) bits[len - 1]! |= bits[i]!;
      else {
        keys[len] = keys[i]!;
        bits[len++] = bits[i]!;
      }
    }
    const posAt = (i: number) => Math.floor(keys[i]! / ENTRY_SPAN / 4);
    const weightAt = (i: number) => Math.floor(keys[i]! / ENTRY_SPAN) % 4;
    let Wdoc = 0;
    let start = 0;
    for (;;) {
      let mask = 0;
      let end = -1;
      for (let i = start; i < len; i++) {
        mask |= bits[i]!;
        if (table[mask]) {
          end = i;
          break;
        }
      }
      if (end < 0) break;
      // Back from the cover's end, the query holds again at the latest at `start` (no phrases).
      mask = 0;
      let begin = end;
      for (; begin >= start; begin--) {
        mask |= bits[begin]!;
        if (table[mask]) break;
      }
      const q = posAt(end);
      const p = posAt(begin);
      start = begin + 1;
      let invSum = 0;
      for (let i = begin; i <= end; i++) invSum += invws[weightAt(i)]!;
      const Cpos = (end - begin + 1) / invSum;
      let nNoise = q - p - (end - begin);
      if (nNoise < 0) nNoise = Math.trunc((end - begin) / 2);
      Wdoc += Cpos / (1 + nNoise);
    }
    return f32(Wdoc);
  };
}
