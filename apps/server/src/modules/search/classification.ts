import type { ClassNode, Lang } from '@openfind/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localName } from '../../lib/localized.js';
import { findDictEntries } from '../dictionaries/dictionary-repository.js';
import type { FacetStore } from './engine/facet-store.js';
import { ResultCache } from './result-cache.js';
import { countRecordsByClassPrefix, findSuppressedIds } from './search-repository.js';

/** The CLC class tree of the tenant's code list (`classNo`) with the number of records in each class. */
export class Classification {
  private readonly counts: ResultCache<Map<string, number>>;

  constructor(
    private readonly db: Kysely<Database>,
    cacheMs: number,
    /** Class numbers in memory, when loaded: counting there avoids reading every record. */
    private readonly facetStore?: FacetStore,
  ) {
    // Counting reads every record's classes; the tree changes only with imports.
    this.counts = new ResultCache(cacheMs > 0 ? Math.max(cacheMs, 10 * 60_000) : 0, 100);
  }

  /** The tree (or the children of `parentCode`), each class with its record count. */
  async tree(
    tenantId: number,
    lang: Lang,
    req: { parentCode?: string | null | undefined; libCode: string[]; docCode: string[] },
  ): Promise<ClassNode[]> {
    const entries = (await findDictEntries(this.db, tenantId)).filter((e) => e.dict_name === 'classNo');
    const codes = entries.map((e) => e.code.toUpperCase());
    const filters = { libCodes: req.libCode, docCodes: req.docCode };
    const counts = await this.counts.get(`${tenantId}|${JSON.stringify(filters)}`, async () => {
      const store = await this.facetStore?.get(tenantId);
      if (!store) return countRecordsByClassPrefix(this.db, tenantId, codes, filters);
      const facets = {
        ...(req.libCode.length ? { libCode: req.libCode } : {}),
        ...(req.docCode.length ? { docCode: req.docCode } : {}),
      };
      // The copy in memory holds records suppressed by staff: they are not counted.
      const hidden = await findSuppressedIds(this.db, tenantId);
      return store.classCounts(codes, { facets, onlyOnShelf: false }, hidden);
    });
    const nodes = new Map<string, ClassNode>();
    for (const e of entries) {
      nodes.set(e.code, {
        code: e.code,
        name: localName(e, lang),
        count: counts.get(e.code.toUpperCase()) ?? 0,
        child: [],
      });
    }
    const roots: ClassNode[] = [];
    for (const e of entries) {
      const node = nodes.get(e.code)!;
      const parent = e.parent_code ? nodes.get(e.parent_code) : undefined;
      if (parent) parent.child.push(node);
      else roots.push(node);
    }
    const parentCode = (req.parentCode ?? '').trim();
    return parentCode ? (nodes.get(parentCode)?.child ?? []) : roots;
  }

  /** Forgets the tenant's counts (its catalogue changed: an import, a record suppressed or deleted). */
  forget(tenantId: number): void {
    this.counts.clear(`${tenantId}|`);
  }
}
