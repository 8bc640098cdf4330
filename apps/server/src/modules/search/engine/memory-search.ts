import type { BoolExpr, Clause, SearchPlan } from '../search-query.js';
import { clauseKey } from '../search-query.js';
import { foldPairFor, matchKey } from '../search-text.js';
import { ONE_TITLE_WORD, clauseTsQuery, relevanceOf, unitTsQuery, type CommonWords } from '../search-tsquery.js';
import { difference, intersectSlots, unionSlots, UnsupportedInMemory, type TenantText } from './text-index.js';
import { parseTsQuery } from './ts-query.js';

/**
 * The records a text clause matches, as slots of the index (`textClauseSql`'s twin): its words'
 * query, the relaxed minimum of words, the document types of a journal search. Field checks
 * (exact, prefix and suffix titles; which field a word is in) and ISBNs are the database's.
 */
function clauseSlots(text: TenantText, c: Clause, common: CommonWords): Int32Array {
  const isText = c.def.kind === 'text' || c.def.kind === 'phrase' || (c.def.kind === 'standard' && !c.codes.length);
  if (!isText) throw new UnsupportedInMemory(`scope ${c.scope}`);
  if (c.units.some((u) => u.kind === 'isbn')) throw new UnsupportedInMemory('ISBN in the words');
  const field = c.def.field;
  if (field && clauseKey(c) && c.mode !== '2') throw new UnsupportedInMemory('field match');
  const folded = field === 'subject' || field === 'series' || field === 'publisher' ? field : undefined;
  if (c.def.precise && !folded) throw new UnsupportedInMemory(`words in the ${field}`);
  const tsq = clauseTsQuery(c, false, common);
  if (!tsq) throw new UnsupportedInMemory('no words');
  let slots = text.match(parseTsQuery(tsq));
  if (c.def.minMatch && c.def.minMatch > 1) {
    // Relaxed: records with at least `minMatch` of the words.
    const counts = new Uint8Array(slots.length);
    for (const u of c.units.filter((x) => x.kind !== 'isbn' && !x.optional)) {
      const unit = text.match(parseTsQuery(unitTsQuery(u, c.def.weights, false, common)));
      for (let i = 0, j = 0; i < slots.length && j < unit.length;) {
        if (slots[i] === unit[j]) counts[i++]!++;
        else if (slots[i]! < unit[j]!) i++;
        else j++;
      }
    }
    slots = slots.filter((_, i) => counts[i]! >= c.def.minMatch!);
  }
  if (folded && c.def.precise) {
    // The weight holds other fields too: each word must be in this one.
    const keys = c.units
      .filter((u) => u.kind !== 'isbn' && !u.optional)
      .map((u) => matchKey(u.text))
      .filter(Boolean);
    const checked = keys.map((key) => {
      const { trad, simp } = foldPairFor(key);
      return (from: Int32Array) => text.withFieldKey(from, folded, key, trad, simp);
    });
    if (checked.length) {
      slots = c.def.any
        ? checked.reduce((acc: Int32Array, check) => unionSlots(acc, check(slots)), new Int32Array(0))
        : checked.reduce((acc, check) => check(acc), slots);
    }
  }
  if (c.def.docCodes) slots = text.withDocCodes(slots, c.def.docCodes);
  return slots;
}

/** The slots of a boolean expression of clauses (`exprSql`'s twin). */
function exprSlots(text: TenantText, e: BoolExpr, common: CommonWords): Int32Array {
  switch (e.type) {
    case 'clause':
      return clauseSlots(text, e.clause, common);
    case 'not':
      return difference(text.allSlots(), exprSlots(text, e.expr, common));
    case 'and': {
      const left = exprSlots(text, e.left, common);
      if (!left.length) return left;
      // "A NOT B" (advanced search) removes B's records from A's, without listing every record.
      if (e.right.type === 'not') return difference(left, exprSlots(text, e.right.expr, common));
      return intersectSlots(left, exprSlots(text, e.right, common));
    }
    case 'or':
      return unionSlots(exprSlots(text, e.left, common), exprSlots(text, e.right, common));
  }
}

/** Whether a plan's words and clauses match any record (filters aside); undefined when the database must say. */
export function anyInMemory(text: TenantText, plan: SearchPlan, common: CommonWords): boolean | undefined {
  const { expr } = plan;
  return expr ? orDatabase(() => exprSlots(text, expr, common).length > 0) : undefined;
}

/** What `answer` gives, or undefined when the plan needs what only the database does. */
function orDatabase<T>(answer: () => T): T | undefined {
  try {
    return answer();
  } catch (err) {
    if (err instanceof UnsupportedInMemory) return undefined;
    throw err;
  }
}

/**
 * Every record a plan matches, best first, from the index in memory: what `findRankedIds` gets
 * from the database for a plan ordered by relevance, with the same relevance and order.
 * Undefined when the plan needs the database (codes, field checks, other orders, other filters).
 */
export function rankInMemory(text: TenantText, plan: SearchPlan, common: CommonWords): Int32Array | undefined {
  if (!plan.expr || plan.sort !== 'relevance') return undefined;
  const f = plan.filters;
  if (Object.keys(f.facets).length || f.yearFrom !== undefined || f.yearTo !== undefined) {
    return undefined;
  }
  if (f.onlyOnShelf || f.inDateFrom) return undefined;
  const { expr } = plan;
  return orDatabase(() => {
    const slots = exprSlots(text, expr, common);
    const { rankQuery, single, title } = relevanceOf(plan);
    return text.rank(slots, {
      rankQuery: rankQuery ? parseTsQuery(rankQuery) : null,
      single,
      scale: Math.fround(ONE_TITLE_WORD),
      titleBoost: title
        ? { exact: title.exact, leading: title.typed === title.folded ? [title.typed] : [title.typed, title.folded] }
        : null,
    });
  });
}
