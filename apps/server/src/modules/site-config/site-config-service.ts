import type { Kysely } from 'kysely';
import {
  InstitutionParams,
  InstitutionParamsPatch,
  RICH_TEXT_CONFIG_KEYS,
  SiteConfig,
  SiteConfigPatch,
  type MenuItem,
  type MenuList,
  type MenusInput,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import {
  findInstitutionParams,
  findMenuRows,
  findStoredSiteConfig,
  mergeSiteConfig,
  replaceMenuGroup,
  unsetSiteConfigKeys,
  upsertInstitutionParams,
  type MenuRow,
} from './site-config-repository.js';

/** Everything the shell needs about a tenant, read together and cached together. */
export interface TenantSettings {
  config: SiteConfig;
  menus: MenuList;
  params: InstitutionParams;
}

/** Site configuration, menus and institution parameters of tenants, with a short cache. */
export class SiteConfigService {
  private readonly cache: TtlCache<number, TenantSettings>;

  constructor(
    private readonly db: Kysely<Database>,
    ttlMs: number,
  ) {
    this.cache = new TtlCache(ttlMs);
  }

  /** The tenant's settings with every default applied. */
  settings(tenantId: number): Promise<TenantSettings> {
    return this.cache.get(tenantId, async () => {
      const [stored, rows, params] = await Promise.all([
        findStoredSiteConfig(this.db, tenantId),
        findMenuRows(this.db, tenantId),
        findInstitutionParams(this.db, tenantId),
      ]);
      // Stored keys that a newer version no longer knows are ignored; bad values fall back to defaults.
      const config = parseLenient<SiteConfig>(SiteConfig, stored);
      // Rich text is cleaned when saved; cleaning it again here covers values saved before that.
      for (const key of RICH_TEXT_CONFIG_KEYS) config[key] = await sanitizeRichText(config[key]);
      return {
        config,
        menus: buildMenus(rows),
        params: parseLenient(InstitutionParams, params),
      };
    });
  }

  /**
   * Validates and stores part of the site configuration, rich text cleaned with the contract's
   * allow-list (scripts, handlers and script URLs are never stored). Throws ZodError on bad values.
   */
  async updateConfig(tenantId: number, patch: Record<string, unknown>): Promise<SiteConfig> {
    let valid = SiteConfigPatch.strict().parse(patch);
    const cleaned: SiteConfigPatch = {};
    for (const key of RICH_TEXT_CONFIG_KEYS) {
      const html = valid[key];
      if (html !== undefined) cleaned[key] = await sanitizeRichText(html);
    }
    // Checked again: cleaning can lengthen a text (closing tags, escaped characters).
    valid = SiteConfigPatch.strict().parse({ ...valid, ...cleaned });
    await mergeSiteConfig(this.db, tenantId, valid);
    this.cache.delete(tenantId);
    return (await this.settings(tenantId)).config;
  }

  /** Forgets the tenant's cached settings: the next request reads them anew (a save of the staff console). */
  forget(tenantId: number): void {
    this.cache.delete(tenantId);
  }

  /** Resets keys to their defaults. */
  async resetConfig(tenantId: number, keys: string[]): Promise<void> {
    await unsetSiteConfigKeys(this.db, tenantId, keys);
    this.cache.delete(tenantId);
  }

  /** Replaces the menu groups present in `menus`. */
  async replaceMenus(tenantId: number, menus: MenusInput): Promise<void> {
    for (const group of ['A', 'B', 'C'] as const) {
      const items = menus[`menu${group}`];
      if (items) await replaceMenuGroup(this.db, tenantId, group, items);
    }
    this.cache.delete(tenantId);
  }

  /** Validates and stores institution parameters. */
  async updateParams(tenantId: number, params: Record<string, string>): Promise<void> {
    InstitutionParamsPatch.strict().parse(params);
    await upsertInstitutionParams(this.db, tenantId, params);
    this.cache.delete(tenantId);
  }
}

/** Parses `value` key by key: a stored value that no longer validates gets its default. */
function parseLenient<T extends SiteConfig | InstitutionParams>(
  schema: typeof SiteConfig | typeof InstitutionParams,
  value: Record<string, unknown>,
): T {
  const shape = schema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const r = field.safeParse(value[key]);
    out[key] = r.success ? r.data : field.safeParse(undefined).data;
  }
  return out as T;
}

/** Builds the three menu trees from flat rows. */
export function buildMenus(rows: MenuRow[]): MenuList {
  const byId = new Map<number, MenuItem>();
  const menus: MenuList = { menuA: [], menuB: [], menuC: [] };
  for (const r of rows) {
    byId.set(r.id, {
      menuId: r.id,
      menuName: r.menu_name,
      englishName: r.english_name,
      complexFont: r.complex_font,
      menuUrl: r.menu_url,
      useFlag: r.use_flag,
      jumpMode: r.jump_mode,
      child: [],
    });
  }
  for (const r of rows) {
    const item = byId.get(r.id)!;
    const parent = r.parent_id === null ? undefined : byId.get(r.parent_id);
    if (parent) parent.child.push(item);
    else menus[`menu${r.menu_group}`].push(item);
  }
  return menus;
}
