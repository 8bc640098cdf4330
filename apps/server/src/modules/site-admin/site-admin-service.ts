import type { Kysely } from 'kysely';
import {
  AdminSiteConfig,
  InstitutionParams,
  MAX_MENU_DEPTH,
  MAX_MENU_ITEMS,
  RICH_TEXT_CONFIG_KEYS,
  SITE_ASSET_MAX_BYTES,
  SITE_SECTIONS,
  SiteAdminCalls,
  SiteAdminErrCode,
  SiteConfig,
  type AdminMenuItem,
  type MenuItem,
  type SaveSiteMenuRequest,
  type SaveSiteSectionRequest,
  type SiteAdminSettings,
  type SiteAsset,
  type SiteAssetType,
  type SiteSaved,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { findInstitutionParams, findMenuRows, replaceMenuGroup } from '../site-config/site-config-repository.js';
import { buildMenus, type SiteConfigService } from '../site-config/site-config-service.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import type { TenantDirectory } from '../tenants/tenant-directory.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import {
  findAsset,
  findNames,
  lockAtVersion,
  readStored,
  removeUnusedAssets,
  saveNames,
  saveParams,
  storeAsset,
  writeStored,
} from './site-admin-repository.js';
import { EXTENSION_OF, SiteImageError, makeSiteImage } from './site-image.js';

/** The failures of the site configuration calls, translated when answered. */
export const SiteAdminErrors = {
  changedMeanwhile: () => new AppError('siteAdminChangedMeanwhile', SiteAdminErrCode.changedMeanwhile),
  imageType: () => new AppError('siteAdminImageType', SiteAdminErrCode.imageType),
  imageTooLarge: () =>
    new AppError('siteAdminImageTooLarge', SiteAdminErrCode.imageTooLarge, { mb: SITE_ASSET_MAX_BYTES / 1024 / 1024 }),
  imageUnreadable: () => new AppError('siteAdminImageUnreadable', SiteAdminErrCode.imageUnreadable),
  imageTooManyPixels: () => new AppError('siteAdminImagePixels', SiteAdminErrCode.imageTooManyPixels),
  menuTooDeep: () => new AppError('siteAdminMenuTooDeep', SiteAdminErrCode.menuTooDeep, { depth: MAX_MENU_DEPTH }),
};

/** The address of an uploaded image: the institution, then the image's hash and type. */
export function siteAssetAddress(mappingPath: string, hash: string, type: SiteAssetType): string {
  const q = new URLSearchParams({ mappingPath, name: `${hash}.${EXTENSION_OF[type]}` });
  return `${SiteAdminCalls.siteAsset.path}?${q.toString()}`;
}

/** The hash of an uploaded image an address names, if it is one of ours. */
export function assetHashIn(url: string): string | undefined {
  if (!url.startsWith(`${SiteAdminCalls.siteAsset.path}?`)) return undefined;
  const name = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('name') ?? '';
  return /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(name)?.[1];
}

/** What a key holds now: its stored value, else its default. */
const valueOf = (stored: Record<string, unknown>, key: keyof SiteConfig): unknown =>
  stored[key] ?? SiteConfig.shape[key].parse(undefined);

/** The keys whose value changes, before and after (an audit row's halves). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after))
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  return { before: b, after: a };
}

const depthOf = (items: AdminMenuItem[]): number =>
  items.length ? 1 + Math.max(...items.map((i) => depthOf(i.child))) : 0;

/** A menu as the audit log keeps it: names, address, shown, window; the entries below. */
const menuForAudit = (items: (MenuItem | AdminMenuItem)[]): unknown[] =>
  items.map((i) => ({
    menuName: i.menuName,
    complexFont: i.complexFont,
    englishName: i.englishName,
    menuUrl: i.menuUrl,
    useFlag: i.useFlag,
    jumpMode: i.jumpMode,
    ...(i.child.length ? { child: menuForAudit(i.child) } : {}),
  }));

/**
 * The staff console's site configuration: what the screen edits, saving it a section or a menu at a
 * time, and the images uploaded for the portal. A save locks the configuration row, checks that nobody
 * saved since the version the screen read (else `changedMeanwhile`, nothing written), writes, moves the
 * version on and writes the audit row, all in one transaction; then the settings cache of the
 * institution is cleared, so readers get the change with their next page.
 */
export class SiteAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { siteConfig: SiteConfigService; tenants: TenantDirectory; staff: StaffService },
  ) {}

  /** Everything the screen edits, fresh (not the cache's), with its version. */
  async settings(tenant: Tenant): Promise<SiteAdminSettings> {
    // The version first: settings read after it are at least as new, so a save never hides a change.
    const { version } = await readStored(this.db, tenant.id);
    this.deps.siteConfig.forget(tenant.id);
    const [current, names] = await Promise.all([
      this.deps.siteConfig.settings(tenant.id),
      findNames(this.db, tenant.id),
    ]);
    return {
      version,
      mappingPath: tenant.mappingPath,
      names,
      config: current.config,
      params: current.params,
      menus: current.menus,
      limits: { maxMenuItems: MAX_MENU_ITEMS, maxMenuDepth: MAX_MENU_DEPTH, maxUploadBytes: SITE_ASSET_MAX_BYTES },
    };
  }

  /** Saves one section (all its keys, rich text cleaned by the allow-list). */
  async saveSection(actor: StaffActor, input: SaveSiteSectionRequest, ip: string): Promise<SiteSaved> {
    const { tenantId } = actor;
    const values: Record<string, unknown> = { ...input.values };
    for (const key of RICH_TEXT_CONFIG_KEYS)
      if (typeof values[key] === 'string') values[key] = await sanitizeRichText(values[key]);
    for (const key of ['navBackColor', 'navTextColor'])
      if (typeof values[key] === 'string') values[key] = values[key].replace(/^#/, '').toLowerCase();
    // Checked again: cleaning can lengthen a text (closing tags, escaped characters).
    AdminSiteConfig.pick(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as never).parse(values);

    const version = await inTransaction(this.db, async (trx) => {
      const stored = await lockAtVersion(trx, tenantId, input.version);
      if (!stored) throw SiteAdminErrors.changedMeanwhile();
      const before: Record<string, unknown> = {};
      for (const key of SITE_SECTIONS[input.section]) before[key] = valueOf(stored, key);
      const diff = changes(before, values);
      const auditBefore: Record<string, unknown> = { ...diff.before };
      const auditAfter: Record<string, unknown> = { ...diff.after };
      const next = await writeStored(trx, tenantId, { ...stored, ...values });
      if (input.section === 'general') {
        const names = await findNames(trx, tenantId);
        const n = changes(names, input.names);
        if (Object.keys(n.after).length) {
          auditBefore.names = n.before;
          auditAfter.names = n.after;
        }
        await saveNames(trx, tenantId, input.names);
      }
      if (input.section === 'general' || input.section === 'features') {
        const params = input.params as Record<string, string>;
        const p = changes({ ...InstitutionParams.parse({}), ...(await findInstitutionParams(trx, tenantId)) }, params);
        if (Object.keys(p.after).length) {
          auditBefore.params = p.before;
          auditAfter.params = p.after;
        }
        await saveParams(trx, tenantId, params);
      }
      if (input.section === 'appearance') {
        const keep = ['pcLogoUrl', 'iconUrl', 'searchBackGround']
          .map((k) => assetHashIn(String(values[k] ?? '')))
          .filter((h): h is string => !!h);
        await removeUnusedAssets(trx, tenantId, keep);
      }
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'site.config',
          target: `site ${input.section}`,
          before: auditBefore,
          after: auditAfter,
          ip,
        },
        trx,
      );
      return next;
    });
    this.deps.siteConfig.forget(tenantId);
    if (input.section === 'general') this.deps.tenants.invalidate();
    return { version };
  }

  /** Replaces one menu group, whole, in its order. */
  async saveMenu(actor: StaffActor, input: SaveSiteMenuRequest, ip: string): Promise<SiteSaved> {
    const { tenantId } = actor;
    if (depthOf(input.items) > MAX_MENU_DEPTH) throw SiteAdminErrors.menuTooDeep();
    const key = `menu${input.group}` as const;
    const version = await inTransaction(this.db, async (trx) => {
      const stored = await lockAtVersion(trx, tenantId, input.version);
      if (!stored) throw SiteAdminErrors.changedMeanwhile();
      // Read in the transaction (the engine may have one connection: nothing outside it while it runs).
      const before = buildMenus(await findMenuRows(trx, tenantId))[key];
      // The settings' own menu writer, in this save's transaction.
      await replaceMenuGroup(trx, tenantId, input.group, input.items);
      const next = await writeStored(trx, tenantId, stored);
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'site.menu',
          target: `menu ${input.group}`,
          before: { [key]: menuForAudit(before) },
          after: { [key]: menuForAudit(input.items) },
          ip,
        },
        trx,
      );
      return next;
    });
    this.deps.siteConfig.forget(tenantId);
    return { version };
  }

  /** Stores an uploaded image (judged by its content, re-encoded) and answers its address. */
  async upload(actor: StaffActor, tenant: Tenant, bytes: Buffer, ip: string): Promise<SiteAsset> {
    if (bytes.length > SITE_ASSET_MAX_BYTES) throw SiteAdminErrors.imageTooLarge();
    let made;
    try {
      made = await makeSiteImage(bytes);
    } catch (err) {
      if (!(err instanceof SiteImageError)) throw err;
      if (err.refusal === 'type') throw SiteAdminErrors.imageType();
      if (err.refusal === 'pixels') throw SiteAdminErrors.imageTooManyPixels();
      throw SiteAdminErrors.imageUnreadable();
    }
    const image = made;
    await inTransaction(this.db, async (trx) => {
      await storeAsset(trx, actor.tenantId, { ...image, by: actor.username });
      await this.deps.staff.audit(
        {
          tenantId: actor.tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'site.upload',
          target: `image ${image.hash.slice(0, 16)}`,
          after: {
            hash: image.hash,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
            bytes: image.image.length,
            uploadedBytes: bytes.length,
          },
          ip,
        },
        trx,
      );
    });
    return {
      url: siteAssetAddress(tenant.mappingPath, image.hash, image.contentType),
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.image.length,
    };
  }

  /** An uploaded image by the name in its address (`<hash>.<ext>`), if the institution has it. */
  async asset(
    tenantId: number,
    name: string,
  ): Promise<{ image: Buffer; contentType: SiteAssetType; etag: string; createdAt: Date } | undefined> {
    const m = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(name);
    if (!m) return undefined;
    const row = await findAsset(this.db, tenantId, m[1]!);
    if (!row || EXTENSION_OF[row.content_type] !== m[2]) return undefined;
    return {
      image: Buffer.from(row.image),
      contentType: row.content_type,
      etag: `"${m[1]!.slice(0, 32)}"`,
      createdAt: new Date(row.created_at),
    };
  }
}
