import type { Kysely } from 'kysely';
import {
  HOME_INFO_CACHE_MS,
  HOME_MAX_COUNTS_PER_MINUTE,
  HOME_MAX_ELEMENTS_PER_DAY,
  HOME_NAV_PATH_MAX,
  HOME_NEW_ARRIVAL_DAYS,
  HomeNavErrCode,
  isIconAddress,
  type CountAnswer,
  type FixedIcon,
  type FixedIconSet,
  type HomeInfo,
  type HomeUsage,
  type Lang,
  type PublicFixedIcons,
} from '@openfind/contract';
import type { z } from 'zod';
import type { ElementClickRequest, NavClickRequest, SaveFixedIcons } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { startOfChinaDay } from '../../lib/china-day.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { CollectionService } from '../collections/collection-service.js';
import type { CourseService } from '../courses/course-service.js';
import type { EResourceService } from '../e-resources/e-resource-service.js';
import type { JournalService } from '../journals/journal-service.js';
import type { SubjectService } from '../subject-services/subject-service.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  addElementCount,
  countRecordFigures,
  findFixedIconSet,
  findUsage,
  findUsageTotals,
  saveFixedIconSet,
} from './home-navigation-repository.js';

type ElementClick = z.output<typeof ElementClickRequest>;
type NavClick = z.output<typeof NavClickRequest>;
type SaveIcons = z.output<typeof SaveFixedIcons>;

/** The day in China `days` from today, YYYY-MM-DD. */
export function chinaDate(days = 0, now = new Date()): string {
  return new Date(startOfChinaDay(now).getTime() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** The icons an institution has before its administrators save any: back to top. */
export const DEFAULT_FIXED_ICONS: readonly FixedIcon[] = [
  {
    kind: 'top',
    glyph: 'top',
    name: '返回顶部',
    nameTw: '回到頂部',
    nameEn: 'Back to top',
    address: '',
    newTab: false,
    enabled: true,
  },
];

/** A site path a navigation click names: query and hash dropped; undefined when it is not one. */
export function sitePath(raw: string): string | undefined {
  const path = raw.split(/[?#]/, 1)[0]!.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.length > HOME_NAV_PATH_MAX) return undefined;
  return /^[A-Za-z0-9/_.~%-]+$/.test(path) ? path : undefined;
}

const USAGE_ROWS = 100;
/** Addresses remembered by the per-minute bound before the old ones are forgotten. */
const MAX_TRACKED_ADDRESSES = 20_000;

/** The modules whose figures the home page shows, each counting its own. */
export interface HomeFigureSources {
  journals: Pick<JournalService, 'figures'>;
  eResources: Pick<EResourceService, 'figures'>;
  collections: Pick<CollectionService, 'figures'>;
  courses: Pick<CourseService, 'count'>;
  subjects: Pick<SubjectService, 'figures'>;
}

/**
 * The home page's navigation services: its figures (counted once a minute per institution), the
 * element counters and the navigation click log (one row per element, kind and day, at most
 * `HOME_MAX_ELEMENTS_PER_DAY` of an institution's day; at most `HOME_MAX_COUNTS_PER_MINUTE` counts
 * of one address in a minute, in this process), and the fixed icons with their console.
 */
export class HomeNavigationService {
  private readonly info: TtlCache<number, HomeInfo>;
  private readonly recent = new Map<string, { minute: number; n: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: HomeFigureSources & {
      staff: StaffService;
      cacheMs?: number;
      maxElementsPerDay?: number;
      maxCountsPerMinute?: number;
    },
  ) {
    this.info = new TtlCache(deps.cacheMs ?? HOME_INFO_CACHE_MS);
  }

  /** `GET /find/homePage/info`. */
  homeInfo(tenantId: number): Promise<HomeInfo> {
    return this.info.get(tenantId, async () => {
      const { journals, eResources, collections, courses, subjects } = this.deps;
      const [catalogue, databases, journalFigures, collectionFigures, courseCount, subjectFigures] = await Promise.all([
        countRecordFigures(this.db, tenantId, chinaDate(-HOME_NEW_ARRIVAL_DAYS)),
        eResources.figures(tenantId),
        journals.figures(tenantId),
        collections.figures(tenantId),
        courses.count(tenantId),
        subjects.figures(tenantId),
      ]);
      return {
        records: catalogue.records,
        databases,
        journals: journalFigures,
        ebooks: collectionFigures.ebooks,
        specialCollections: collectionFigures.specialCollections,
        courses: courseCount,
        ...subjectFigures,
        newArrivals: catalogue.newArrivals,
        countedAt: new Date().toISOString(),
      };
    });
  }

  /** Refuses a count past the address's bound of the minute. */
  private checkRate(tenantId: number, ip: string): void {
    const minute = Math.floor(Date.now() / 60_000);
    const key = `${tenantId}|${ip}`;
    const hit = this.recent.get(key);
    if (hit && hit.minute === minute) {
      hit.n++;
      if (hit.n > (this.deps.maxCountsPerMinute ?? HOME_MAX_COUNTS_PER_MINUTE))
        throw new AppError('homeTooManyCounts', HomeNavErrCode.tooManyCounts, {}, 429);
      return;
    }
    if (this.recent.size >= MAX_TRACKED_ADDRESSES) {
      for (const [k, v] of this.recent) if (v.minute !== minute) this.recent.delete(k);
      if (this.recent.size >= MAX_TRACKED_ADDRESSES) this.recent.clear();
    }
    this.recent.set(key, { minute, n: 1 });
  }

  private async count(tenantId: number, kind: string, element: string): Promise<CountAnswer> {
    const counted = await addElementCount(
      this.db,
      tenantId,
      chinaDate(),
      kind,
      element,
      this.deps.maxElementsPerDay ?? HOME_MAX_ELEMENTS_PER_DAY,
    );
    return { counted };
  }

  /** `POST /find/homePage/elementClick`. */
  async elementClick(tenantId: number, ip: string, req: ElementClick): Promise<CountAnswer> {
    this.checkRate(tenantId, ip);
    return this.count(tenantId, req.kind, req.ref ? `${req.element}:${req.ref}` : req.element);
  }

  /** `POST /find/homePage/navClick`: by the menu id, else the site path. */
  async navClick(tenantId: number, ip: string, req: NavClick): Promise<CountAnswer> {
    let element: string;
    if (req.menuId) element = `menu:${req.menuId}`;
    else {
      const path = sitePath(req.path);
      if (!path) throw new AppError('homeBadNavTarget', HomeNavErrCode.badNavTarget);
      element = `path:${path}`;
    }
    this.checkRate(tenantId, ip);
    return this.count(tenantId, 'nav', element);
  }

  private async iconSet(tenantId: number): Promise<FixedIconSet> {
    const row = await findFixedIconSet(this.db, tenantId);
    if (!row) return { list: [...DEFAULT_FIXED_ICONS], version: 0, updatedAt: null, updatedBy: '' };
    return {
      list: row.icons,
      version: row.version,
      updatedAt: new Date(row.updated_at).toISOString(),
      updatedBy: row.updated_by,
    };
  }

  /** `GET /find/homePage/fixedIcons`: the enabled icons, each named in `lang` (Chinese when not given). */
  async publicIcons(tenantId: number, lang: Lang): Promise<PublicFixedIcons> {
    const { list } = await this.iconSet(tenantId);
    return {
      list: list
        .filter((i) => i.enabled)
        .map((i) => ({
          kind: i.kind,
          glyph: i.glyph,
          name: (lang === 'en-US' ? i.nameEn : lang === 'zh-TW' ? i.nameTw : '') || i.name,
          address: i.kind === 'top' ? '' : i.address,
          newTab: i.newTab,
        })),
    };
  }

  /** The console's icons. */
  adminIcons(tenantId: number): Promise<FixedIconSet> {
    return this.iconSet(tenantId);
  }

  /** Saves the whole list (checked; from the version read); audited. */
  async saveIcons(actor: StaffActor, input: SaveIcons, ip: string): Promise<FixedIconSet> {
    const list: FixedIcon[] = input.list.map((i, n) => {
      const index = n + 1;
      const address = i.kind === 'top' ? '' : i.address;
      if (i.kind !== 'top' && !address)
        throw new AppError('homeIconAddressRequired', HomeNavErrCode.iconAddressRequired, { index });
      if (address && !isIconAddress(address))
        throw new AppError('homeIconBadAddress', HomeNavErrCode.badIconAddress, { index });
      return { ...i, address, newTab: i.kind === 'link' && i.newTab };
    });
    if (list.filter((i) => i.kind === 'top').length > 1)
      throw new AppError('homeIconDuplicateTop', HomeNavErrCode.duplicateTopIcon);
    const saved = await saveFixedIconSet(this.db, actor.tenantId, list, input.version, actor.username);
    if (!saved) throw new AppError('homeIconsChanged', HomeNavErrCode.changedMeanwhile);
    await this.deps.staff.audit({
      tenantId: actor.tenantId,
      staffId: actor.staffId,
      actor: actor.username,
      action: 'homePage.fixedIcons',
      target: 'home_fixed_icon_set',
      after: { list },
      ip,
    });
    return this.iconSet(actor.tenantId);
  }

  /** `GET /find/admin/homePage/usage`: the last `days` days (today included). */
  async usage(tenantId: number, days: number): Promise<HomeUsage> {
    const from = chinaDate(1 - days);
    const [nav, elements, totals] = await Promise.all([
      findUsage(this.db, tenantId, from, true, USAGE_ROWS),
      findUsage(this.db, tenantId, from, false, USAGE_ROWS),
      findUsageTotals(this.db, tenantId, from),
    ]);
    const row = (r: (typeof nav)[number]) => ({
      element: r.element,
      kind: r.kind,
      count: r.count,
      days: r.days,
      lastDay: r.last_day,
    });
    return {
      from,
      to: chinaDate(),
      navigation: nav.map(row),
      elements: elements.map(row),
      totals: {
        navigation: totals.get('nav') ?? 0,
        click: totals.get('click') ?? 0,
        download: totals.get('download') ?? 0,
        visit: totals.get('visit') ?? 0,
      },
    };
  }
}
