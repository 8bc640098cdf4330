/** How long facet counts wait at most for pages before they are counted anyway. */
export const FACETS_MAX_WAIT_MS = 1000;

/**
 * Pages of results go before facet counts. The web app asks a search's page (`facet: '0'`) and its
 * facet counts (`facet: 'only'`) side by side; the server has one thread, so under load a page
 * could wait behind other searches' counts, which cost more than pages do at a million records
 * (counting a common word's 100,000 records' values). Here a facet count starts only when no page
 * is being answered and no other count is running, or once it has waited `maxWaitMs`: the reader
 * sees results first and the filters follow. Without load nothing waits.
 */
export class PageFirst {
  private pages = 0;
  private counting = 0;
  private readonly waiting: Array<(byNext: boolean) => void> = [];

  constructor(private readonly maxWaitMs = FACETS_MAX_WAIT_MS) {}

  /** Answers a page (or anything a reader waits for first). */
  async page<T>(answer: () => Promise<T>): Promise<T> {
    this.pages++;
    try {
      return await answer();
    } finally {
      this.pages--;
      this.next();
    }
  }

  /** Counts facets when pages and other counts let it (or after `maxWaitMs`). */
  async facets<T>(count: () => Promise<T>): Promise<T> {
    // A count let go by `next` is counted as running from then on, so that no second one starts
    // before this one's continuation runs.
    const startedForUs = this.pages > 0 || this.counting > 0 || this.waiting.length > 0 ? await this.turn() : false;
    if (!startedForUs) this.counting++;
    try {
      return await count();
    } finally {
      this.counting--;
      this.next();
    }
  }

  /** How many facet counts are waiting (for tests). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves at this count's turn (true: `next` let it go) or when it has waited `maxWaitMs` (false). */
  private turn(): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const go = (byNext: boolean): void => {
        clearTimeout(timer);
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(byNext);
      };
      const timer = setTimeout(() => go(false), this.maxWaitMs);
      this.waiting.push(go);
    });
  }

  /** Lets the first waiting count go when nothing else runs. */
  private next(): void {
    const go = this.pages === 0 && this.counting === 0 ? this.waiting[0] : undefined;
    if (!go) return;
    this.counting++;
    go(true);
  }
}
