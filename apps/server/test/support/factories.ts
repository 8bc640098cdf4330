import type { InstitutionParams, MenusInput, ReaderStatus, SiteConfigPatch } from '@openfind/contract';
import { storeRecords } from '../../src/modules/catalogue/catalogue-repository.js';
import type { ItemInput, RecordInput } from '../../src/modules/catalogue/record-input.js';
import { findReaderByLogin, type Reader, type ReaderInput } from '../../src/modules/readers/reader-repository.js';
import { saveReader } from '../../src/modules/readers/reader-service.js';
import type { NewTenant } from '../../src/modules/tenants/tenant-repository.js';
import { seedTenant } from '../../src/seed/demo.js';
import { DEMO_TENANTS, type DemoTenant } from '../../src/seed/demo-tenants.js';
import { bearer, tokenOf } from '../auth-support.js';
import type { CallOptions, TestApp } from '../helpers.js';
import { copy, rec } from '../search-fixtures.js';

/**
 * Builders of the data a test needs, written through the paths the product writes with (the demo
 * seed's institution writer, the reader service, the catalogue store), so what a test makes is what
 * an installation would hold. Names are unique by default (a counter), so tests of one database
 * never collide; a test names what its assertions look at and leaves the rest to the defaults.
 */

let made = 0;
const next = () => ++made;

/** YYYY-MM-DD, `offset` days from today (UTC). */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Places = Pick<DemoTenant, 'libraries' | 'campuses' | 'locations'>;

/** The libraries, campuses and locations of the demo's default institution (OFU main, OFU-MED branch…). */
const { libraries, campuses, locations } = DEMO_TENANTS[0]!;
const DEMO_PLACES: Places = { libraries, campuses, locations };

/** One main library with one campus and one location, named after `n`. */
function onePlace(n: number): Places {
  const names = (s: string): [string, string, string] => [s, s, s];
  return {
    libraries: [{ code: `L${n}`, names: names(`图书馆${n}`), main: true }],
    campuses: [{ id: '1', lib: `L${n}`, names: names(`校区${n}`) }],
    locations: [['1', '1', '1', names(`借阅区${n}`), true, true]],
  };
}

export interface MadeTenant {
  id: number;
  mappingPath: string;
  groupCode: string;
  name: string;
}

/**
 * A new institution. `libraries: 'demo'` gives it the libraries, campuses and locations of the demo
 * institution (示范大学图书馆 OFU, main; 医学分馆 OFU-MED; location 101 中文图书借阅区（二层）…), for
 * tests that check those names; by default it has one library of its own.
 */
export async function makeTenant(
  t: TestApp,
  opts: { mappingPath?: string; groupCode?: string; name?: string; libraries?: 'one' | 'demo' } = {},
): Promise<MadeTenant> {
  const n = next();
  const tenant = {
    mappingPath: opts.mappingPath ?? `lib${n}`,
    groupCode: opts.groupCode ?? `9${String(n).padStart(5, '0')}`,
    name: opts.name ?? `测试图书馆${n}`,
  };
  const places = opts.libraries === 'demo' ? DEMO_PLACES : onePlace(n);
  const id = await seedTenant(t.db.kysely, { tenant, config: {}, ...places });
  t.services.tenants.invalidate();
  return { id, ...tenant };
}

/** Where copies of a tenant stand unless a test says otherwise: its main library's first campus and location. */
async function mainPlace(
  t: TestApp,
  tenantId: number,
): Promise<Pick<ItemInput, 'libCode' | 'campusId' | 'locationId' | 'curLocationId'>> {
  const place = await t.db.kysely
    .selectFrom('library as l')
    .innerJoin('campus as c', (j) => j.onRef('c.tenant_id', '=', 'l.tenant_id').onRef('c.lib_code', '=', 'l.lib_code'))
    .innerJoin('location as o', (j) =>
      j.onRef('o.tenant_id', '=', 'c.tenant_id').onRef('o.campus_id', '=', 'c.campus_id'),
    )
    .select(['l.lib_code', 'c.campus_id', 'o.location_id'])
    .where('l.tenant_id', '=', tenantId)
    .orderBy('l.is_main', 'desc')
    .orderBy('l.seq')
    .orderBy('c.seq')
    .orderBy('o.seq')
    .executeTakeFirst();
  if (!place) return {};
  return {
    libCode: place.lib_code,
    campusId: place.campus_id,
    locationId: place.location_id,
    curLocationId: place.location_id,
  };
}

/** A record as a test describes it: any field of the record model, `isbn` for one ISBN, its copies. */
export type RecordSpec = Partial<Omit<RecordInput, 'items'>> & { isbn?: string; items?: ItemInput[] };

/**
 * Stores records in a tenant through the catalogue's write path (as an import does) and tells the
 * search engine at once, as the catalogue watcher would a second later; the record ids, in order.
 * Copies are on shelf and loanable, in the tenant's main library, unless a spec says otherwise.
 */
export async function makeRecords<const S extends readonly RecordSpec[]>(
  t: TestApp,
  tenantId: number,
  specs: S,
): Promise<{ -readonly [K in keyof S]: number }> {
  const place = await mainPlace(t, tenantId);
  const inputs = specs.map(({ isbn, items = [], ...over }) => {
    const n = next();
    return rec(`r${n}`, {
      title: `书名${n}`,
      ...(isbn === undefined ? {} : { isbns: [isbn] }),
      ...over,
      items: items.map((i) => copy({ ...place, ...i })),
    });
  });
  const { ids } = await storeRecords(t.db.kysely, tenantId, inputs);
  t.services.search.catalogueChanged(tenantId);
  return inputs.map((i) => ids.get(i.sourceKey)!) as { -readonly [K in keyof S]: number };
}

/** One record (see `makeRecords`); its id. */
export async function makeRecord(t: TestApp, tenantId: number, spec: RecordSpec = {}): Promise<number> {
  const [id] = await makeRecords(t, tenantId, [spec]);
  return id;
}

/** A loan of a copy: `loanDate` YYYY-MM-DD, returned or not. */
export interface LoanSpec {
  recordId: number;
  loanDate: string;
  returnDate?: string;
  barcode?: string;
  libCode?: string;
}

/**
 * Loan history of a tenant as the circulation system reports it, lent by its main library unless a
 * loan says otherwise; no copy's state changes.
 */
export async function addLoans(t: TestApp, tenantId: number, loans: LoanSpec[]): Promise<void> {
  const { libCode } = await mainPlace(t, tenantId);
  await t.db.kysely
    .insertInto('loan_event')
    .values(
      loans.map((l) => ({
        tenant_id: tenantId,
        record_id: l.recordId,
        barcode: l.barcode ?? null,
        lib_code: l.libCode ?? libCode ?? null,
        loan_date: l.loanDate,
        return_date: l.returnDate ?? null,
      })),
    )
    .execute();
}

export type MadeReader = Reader & { password: string };

/**
 * A reader of a tenant, saved by the reader service as `openfind reader add` saves one (checked,
 * the password hashed with argon2id), in the tenant's main library; the reader and its password.
 */
export async function makeReader(
  t: TestApp,
  tenantId: number,
  opts: {
    account?: string;
    password?: string;
    name?: string;
    status?: ReaderStatus;
    email?: string;
    phone?: string;
  } = {},
): Promise<MadeReader> {
  const n = next();
  const account = opts.account ?? `reader${n}`;
  const password = opts.password ?? `Pass-${n}-word`;
  const { libCode } = await mainPlace(t, tenantId);
  const rule = (await t.services.siteConfig.settings(tenantId)).config.passwordCheck;
  await saveReader(
    t.db.kysely,
    tenantId,
    {
      account,
      name: opts.name ?? `读者${n}`,
      libCode: libCode ?? undefined,
      status: opts.status,
      email: opts.email,
      emailVerified: opts.email ? true : undefined,
      phone: opts.phone,
      phoneVerified: opts.phone ? true : undefined,
    },
    password,
    rule,
  );
  return { ...(await findReaderByLogin(t.db.kysely, tenantId, account))!, password };
}

/**
 * The header of a logged-in reader: logs in through the login call (the app must be built with
 * TEST_AUTH, which hands the image code's answer to tests).
 */
export async function signIn(
  t: TestApp,
  tenant: Pick<MadeTenant, 'mappingPath'>,
  reader: Pick<MadeReader, 'account' | 'password'>,
): Promise<Record<string, string>> {
  return bearer(await tokenOf(t, reader.account, reader.password, tenant.mappingPath));
}

type Lang = CallOptions['lang'];

/** Requests to one institution: GET with a query, POST with a JSON body, in a language, with headers. */
export function clientOf(t: TestApp, tenant: Pick<MadeTenant, 'mappingPath'>) {
  const { mappingPath } = tenant;
  return {
    get: (url: string, query: Record<string, string> = {}, lang?: Lang, headers?: Record<string, string>) =>
      t.call({ url, query, mappingPath, lang, headers }),
    post: (url: string, body: unknown, lang?: Lang, headers?: Record<string, string>) =>
      t.call({ url, body, mappingPath, lang, headers }),
  };
}

// --- makeReaderWith (auth)

/**
 * A reader described with any field of the reader model, for tests about accounts: a card number, a
 * contact given but not verified (`emailVerified: false`), an initial password to change at the first
 * login (`mustChangePassword`), a password set long ago (`passwordChangedAt`), a first-login flag…
 * Saved by the reader service as `makeReader` saves one, with the same defaults (unique account and
 * name, the tenant's main library, given contacts verified unless the spec says otherwise); the reader
 * and its password.
 */
export async function makeReaderWith(
  t: TestApp,
  tenantId: number,
  spec: Partial<ReaderInput> & { password?: string } = {},
): Promise<MadeReader> {
  const n = next();
  const { password = `Pass-${n}-word`, ...input } = spec;
  const account = input.account ?? `reader${n}`;
  const { libCode } = await mainPlace(t, tenantId);
  const rule = (await t.services.siteConfig.settings(tenantId)).config.passwordCheck;
  await saveReader(
    t.db.kysely,
    tenantId,
    {
      name: `读者${n}`,
      libCode: libCode ?? undefined,
      emailVerified: input.email ? true : undefined,
      phoneVerified: input.phone ? true : undefined,
      ...input,
      account,
    },
    password,
    rule,
  );
  return { ...(await findReaderByLogin(t.db.kysely, tenantId, account))!, password };
}

// --- rest: institutions described in full

/** Libraries, campuses and locations of an institution, each named in three languages (zh, tw, en). */
export type InstitutionPlaces = Places;

/**
 * A new institution described as the demo's are: its identity (`tenant`: names in three languages,
 * label, fid, group code…), its settings (`config`), institution parameters (`params`), menus, and
 * its libraries: one of its own by default, `'demo'` for the demo institution's, or a list of its own
 * libraries, campuses and locations. What it does not name gets the defaults an operator would see.
 */
export async function makeInstitution(
  t: TestApp,
  opts: {
    tenant?: Partial<NewTenant>;
    config?: SiteConfigPatch;
    params?: Partial<InstitutionParams>;
    menus?: MenusInput;
    libraries?: 'one' | 'demo' | InstitutionPlaces;
  } = {},
): Promise<MadeTenant & { nameEn: string; nameTw: string }> {
  const n = next();
  const tenant = {
    mappingPath: `lib${n}`,
    groupCode: `9${String(n).padStart(5, '0')}`,
    name: `测试图书馆${n}`,
    nameTw: `測試圖書館${n}`,
    nameEn: `Test Library ${n}`,
    ...opts.tenant,
  };
  const places =
    opts.libraries === 'demo' ? DEMO_PLACES : opts.libraries && opts.libraries !== 'one' ? opts.libraries : onePlace(n);
  const id = await seedTenant(t.db.kysely, {
    tenant,
    config: opts.config ?? {},
    params: opts.params,
    menus: opts.menus,
    ...places,
  });
  t.services.tenants.invalidate();
  return { id, ...tenant };
}

/**
 * An electronic collection (database) as a test describes it, named in Simplified Chinese only
 * unless told (the other languages then show that name); dates are YYYY-MM-DD (see `day`).
 */
export interface CollectionSpec {
  name?: string;
  nameTw?: string;
  nameEn?: string;
  url?: string;
  /** Discipline codes (discode1: '07' science, '08' engineering…). */
  subjects?: string[];
  /** When it was added; long ago (`day(-1000)`) unless told. */
  added?: string;
  /** The last day of its trial; none unless told. */
  trialUntil?: string | null;
  /** Visits counted for it; none unless told. */
  visits?: number;
  hidden?: boolean;
}

/**
 * Electronic collections of a tenant, as an operator lists them (in this order): the hot, new and
 * trial collection lists choose among them. Their ids, in order.
 */
export async function makeCollections(t: TestApp, tenantId: number, specs: CollectionSpec[]): Promise<number[]> {
  const rows = await t.db.kysely
    .insertInto('e_collection')
    .values(
      specs.map((c, seq) => {
        const n = next();
        return {
          tenant_id: tenantId,
          name: c.name ?? `数据库${n}`,
          name_tw: c.nameTw ?? '',
          name_en: c.nameEn ?? '',
          url: c.url ?? `https://db${n}.example.org/`,
          subjects: c.subjects ?? [],
          added_on: c.added ?? day(-1000),
          trial_until: c.trialUntil ?? null,
          visit_count: c.visits ?? 0,
          hidden: c.hidden ?? false,
          seq,
        };
      }),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A donation news item as a test describes it, in Chinese only unless told; dates are YYYY-MM-DD (see `day`). */
export interface DonateNewsSpec {
  title?: string;
  titleEn?: string;
  donor?: string;
  copies?: number;
  /** Its publication date; today unless told. */
  published?: string;
}

/** Donation news of a tenant, published; their ids, in order. */
export async function makeDonateNews(t: TestApp, tenantId: number, specs: DonateNewsSpec[]): Promise<number[]> {
  const rows = await t.db.kysely
    .insertInto('donate_news')
    .values(
      specs.map((d) => {
        const n = next();
        return {
          tenant_id: tenantId,
          title: d.title ?? `捐赠消息${n}`,
          title_en: d.titleEn ?? '',
          donor_name: d.donor ?? `捐赠人${n}`,
          copies: d.copies ?? 1,
          published_on: d.published ?? day(0),
        };
      }),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
