import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { findAllTenants, type Tenant } from './tenant-repository.js';

/** Resolves tenants by mapping path or group code from a short-lived in-process cache. */
export class TenantDirectory {
  private readonly cache: TtlCache<'all', Map<string, Tenant>>;

  constructor(
    private readonly db: Kysely<Database>,
    ttlMs: number,
  ) {
    this.cache = new TtlCache(ttlMs);
  }

  private all(): Promise<Map<string, Tenant>> {
    return this.cache.get('all', async () => new Map((await findAllTenants(this.db)).map((t) => [t.mappingPath, t])));
  }

  /** The tenant at `mappingPath` ('' is the default tenant), or undefined. */
  async byMappingPath(mappingPath: string): Promise<Tenant | undefined> {
    return (await this.all()).get(mappingPath);
  }

  /** The tenant with this mapping path or group code ('default' names the default tenant). */
  async find(selector: string): Promise<Tenant | undefined> {
    const all = await this.all();
    const key = selector === 'default' ? '' : selector;
    return all.get(key) ?? [...all.values()].find((t) => t.groupCode === selector);
  }

  async list(): Promise<Tenant[]> {
    return [...(await this.all()).values()];
  }

  invalidate(): void {
    this.cache.clear();
  }
}
