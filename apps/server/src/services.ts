import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { SiteConfigService } from './modules/site-config/site-config-service.js';
import { TenantDirectory } from './modules/tenants/tenant-directory.js';
import { DictionaryService } from './modules/dictionaries/dictionary-service.js';
import { Classification } from './modules/search/classification.js';
import { FacetStore } from './modules/search/engine/facet-store.js';
import { TextIndex } from './modules/search/engine/text-index.js';
import { facetLoader } from './modules/search/facet-repository.js';
import { textIndexLoader } from './modules/search/text-index-repository.js';
import { SearchMaintenance } from './modules/search/search-maintenance.js';
import { PopularSearches } from './modules/search/popular-searches.js';
import { SearchHistory } from './modules/search/search-history.js';
import { SearchService } from './modules/search/search-service.js';
import { SearchVocabulary } from './modules/search/search-vocabulary.js';
import { EvaluationService } from './modules/evaluations/evaluation-service.js';
import { HoldingsService } from './modules/holdings/holdings-service.js';
import { HomeListsService } from './modules/home-lists/home-lists-service.js';
import { LoanService } from './modules/loans/loan-service.js';
import { ContentProviders } from './modules/providers/content-providers.js';
import { RecordDetailService } from './modules/record-detail/record-detail-service.js';
import { createAuthServices, type AuthServices } from './modules/auth/auth-module.js';
import { FavouriteService } from './modules/favourites/favourite-service.js';
import { PersonalInfoService } from './modules/personal-info/personal-info-service.js';
import { AddressService } from './modules/addresses/address-service.js';
import { DonationService } from './modules/donations/donation-service.js';
import { EResourceService } from './modules/e-resources/e-resource-service.js';
import { SubjectService } from './modules/subject-services/subject-service.js';
import { CourseService } from './modules/courses/course-service.js';
import { JournalService } from './modules/journals/journal-service.js';
import { HomeNavigationService } from './modules/home-navigation/home-navigation-service.js';
import { CollectionAdminService } from './modules/collections/collection-admin-service.js';
import { CollectionService } from './modules/collections/collection-service.js';
import { TopicAdminService } from './modules/collections/topic-admin-service.js';
import { DocDeliveryService } from './modules/doc-delivery/doc-delivery-service.js';
import { SurveyService } from './modules/surveys/survey-service.js';
import { BookListService } from './modules/book-lists/book-list-service.js';
import { AccountClosingService } from './modules/account-closing/account-closing-service.js';
import { FeedbackService } from './modules/feedback/feedback-service.js';
import { PointsService } from './modules/points/points-service.js';
import { CirculationService } from './modules/circulation/circulation-service.js';
import { RequestService } from './modules/circulation/request-service.js';
import { RelendService } from './modules/circulation/relend-service.js';
import { FineService } from './modules/circulation/fine-service.js';
import { StaffService } from './modules/staff/staff-service.js';
import { StaffAccounts } from './modules/staff/staff-accounts.js';
import { StaffDesk } from './modules/desk/desk-service.js';
import { ReaderAdmin } from './modules/reader-admin/reader-admin-service.js';
import { RequestAdmin } from './modules/request-admin/request-admin-service.js';
import { ModerationService } from './modules/moderation/moderation-service.js';
import { RecommendationService } from './modules/recommendations/recommendation-service.js';
import { CatalogueAdmin } from './modules/catalogue-admin/catalogue-admin-service.js';
import { ContentAdmin } from './modules/content-admin/content-admin-service.js';
import { LibraryAdmin } from './modules/library-admin/library-admin-service.js';
import { ReportsService } from './modules/reports/reports-service.js';
import { SiteAdmin } from './modules/site-admin/site-admin-service.js';
import { ReminderService } from './modules/reminders/reminder-service.js';
import { ReminderJob } from './modules/reminders/reminder-job.js';
import { SubscriptionService } from './modules/subscriptions/subscription-service.js';
import { SubscriptionJob } from './modules/subscriptions/subscription-job.js';
import { SmtpMailSender } from './modules/delivery/delivery.js';
import { rateLimiterFactory } from './modules/auth/rate-limiter.js';
import type { ReminderEnv } from './config.js';
import type { AuthSettings } from './modules/auth/auth-settings.js';
import type { RateLimiterFactory } from './modules/auth/rate-limiter.js';

/** The services of one app instance, built once and shared by the route modules. */
export interface Services extends AuthServices {
  db: Db;
  tenants: TenantDirectory;
  siteConfig: SiteConfigService;
  dictionaries: DictionaryService;
  search: SearchService;
  vocabulary: SearchVocabulary;
  popularSearches: PopularSearches;
  searchHistory: SearchHistory;
  classification: Classification;
  /** Discovery (issue 5): record details, holdings, loans, home lists, ratings and comments, content providers. */
  recordDetail: RecordDetailService;
  holdings: HoldingsService;
  loans: LoanService;
  homeLists: HomeListsService;
  evaluations: EvaluationService;
  favourites: FavouriteService;
  /** A reader's loans and renewals through the institution's circulation provider (issue 27). */
  circulation: CirculationService;
  /** Reservations and closed-stack retrievals in OpenFind's own circulation (issue 27). */
  requests: RequestService;
  /** Re-lend asks: readers who have a book pass it on to a reader who asked (issue 27). */
  relend: RelendService;
  /** Fines, suspensions and their payment at the desk or online (issue 27). */
  fines: FineService;
  /** Staff accounts, their logins and sessions, the audit log (issues 27 and 28). */
  staff: StaffService;
  /** The console's staff accounts: one's own second factor and password, the administrators' accounts (issue 28). */
  staffAccounts: StaffAccounts;
  /** The circulation desk's staff calls over OpenFind's own circulation (issue 27). */
  desk: StaffDesk;
  /** The staff console's readers: search, a reader's page, status, passwords, sessions, the CSV import (issue 28). */
  readerAdmin: ReaderAdmin;
  /** The staff console's request manager: the list, pick lists, the hold shelf (issue 28). */
  requestAdmin: RequestAdmin;
  /** Moderation of readers' comments and the sensitive-word list (issue 28). */
  moderation: ModerationService;
  /** Readers' resource recommendations and the staff queue (issues 28 and 29). */
  recommendations: RecommendationService;
  /** The staff console's catalogue: imports from an upload, records and their MARC, suppressing, deleting (issue 28). */
  catalogueAdmin: CatalogueAdmin;
  /** The staff console's content: e-resources, book lists, donation news, help texts, attachments (issue 28). */
  contentAdmin: ContentAdmin;
  /** The institution's libraries, campuses, locations and loan policies, kept by administrators (issue 28). */
  libraryAdmin: LibraryAdmin;
  /** The staff console's dashboard, statistics and audit log (issue 28). */
  reports: ReportsService;
  /** The staff console's site configuration: sections, menus, uploaded images (issue 28). */
  siteAdmin: SiteAdmin;
  /** A reader's delivery addresses (My Library key 9). */
  addresses: AddressService;
  /** Book donations: a reader's offers, the donors list, the staff queue (My Library key 11). */
  donations: DonationService;
  /** Databases navigation: lists, pages, visits with the on/off-campus link, trial feedback (issue 30). */
  eResources: EResourceService;
  /** Subject services: departments, researchers and their works, the institution's theses (issue 30). */
  subjects: SubjectService;
  /** Course reading lists: courses, their books' copies, readers' marked courses (issue 30, My Library key 16). */
  courses: CourseService;
  /** Journal navigation: print and electronic journals, core lists, CLC and A–Z browsing, hot journals (issue 30). */
  journals: JournalService;
  /** The home page's figures, element counters, navigation click log and fixed icons (issue 30). */
  homeNavigation: HomeNavigationService;
  /** Special collections and libraries, topics, e-books (issue 30: /collectionNav, /specialBaseNav, /elecBook). */
  collections: CollectionService;
  /** The console's special collections and libraries: every package, guarded saves, records listed by hand. */
  collectionsAdmin: CollectionAdminService;
  /** The console's topics (专题): every topic, guarded saves and deletes, records listed by hand. */
  topicsAdmin: TopicAdminService;
  /** Document delivery: the reader's link and requests, sent to the library's delivery service (My Library key 19). */
  docDelivery: DocDeliveryService;
  /** Questionnaires: the console's surveys and results, a reader's answers (My Library key 10). */
  surveys: SurveyService;
  /** Readers' book lists: their own, public ones, the views that order the hot lists. */
  bookLists: BookListService;
  /** Self-service account closing and the reader's data download (My Library key 14). */
  accountClosing: AccountClosingService;
  /** Problem feedback and e-questions: a reader's messages, the staff queue (My Library key 12). */
  feedback: FeedbackService;
  /** A reader's points: the ledger, the balance, the rules (My Library key 8). */
  points: PointsService;
  /** My Library's personal information and the reader's avatar (key 1). */
  personalInfo: PersonalInfoService;
  /** Due-date reminders: a reader's choices and calendar feed (issue 27)… */
  reminders: ReminderService;
  /** …and the run that sends them (on the server's schedule, or `openfind reminders run`). */
  reminderJob: ReminderJob;
  /** Subscriptions and alerts: a reader's subscriptions, feeds and signed links (My Library key 3)… */
  subscriptions: SubscriptionService;
  /** …and the run that sends the digests (with the reminders' schedule, or `openfind subscriptions run`). */
  subscriptionJob: SubscriptionJob;
  providers: ContentProviders;
  /** Whether search warms up in the background when the server starts (off when caching is, as in tests). */
  searchWarmUp: boolean;
  /** What follows a change of an institution's catalogue in this process: the search's caches, the theses. */
  catalogueChanged: (tenantId: number) => void;
}

/**
 * Builds the services over `db`. Search results are cached for `searchCacheMs` (default: a minute,
 * or not at all when configuration caching is off, as in tests).
 */
export function createServices(
  db: Db,
  config: Pick<AppConfig, 'configCacheMs'> & {
    searchCacheMs?: number | undefined;
    /** Accounts and sessions (issue 6): the environment's settings, and limits tests change. */
    auth?: Partial<AuthSettings> | undefined;
    /** Where request counters live (Redis shared by the processes, or this process). */
    rateLimiters?: RateLimiterFactory | undefined;
    /** The reminders' time zone (a run's day); the rest of `ReminderEnv` is the server's schedule. */
    reminders?: Pick<ReminderEnv, 'timeZone'> | undefined;
    /** How long before a subscription run records are taken (default five minutes; tests: 0). */
    subscriptionSettleMs?: number | undefined;
    /** Where the console's catalogue uploads wait for their run, and the largest (default: a temporary folder, 200 MB). */
    catalogueImport?: { dir?: string | undefined; maxBytes?: number | undefined } | undefined;
  },
): Services {
  const searchCacheMs = config.searchCacheMs ?? (config.configCacheMs > 0 ? 60_000 : 0);
  const dictionaries = new DictionaryService(db.kysely, config.configCacheMs);
  const vocabulary = new SearchVocabulary(db.kysely, searchCacheMs > 0 ? 10 * 60_000 : 0);
  const siteConfig = new SiteConfigService(db.kysely, config.configCacheMs);
  const popularSearches = new PopularSearches(db.kysely, searchCacheMs, undefined, {
    blockListOf: async (tenantId) => (await siteConfig.settings(tenantId)).config.popularSearchBlockList,
  });
  const searchHistory = new SearchHistory(db.kysely);
  const providers = new ContentProviders();
  const facetStore = new FacetStore(facetLoader(db.kysely), searchCacheMs > 0 ? 30_000 : 0);
  const classification = new Classification(db.kysely, searchCacheMs, facetStore);
  const search = new SearchService(
    db.kysely,
    {
      dictionaries,
      vocabulary,
      popular: popularSearches,
      history: searchHistory,
      facetStore,
      textIndex: new TextIndex(textIndexLoader(db.kysely), searchCacheMs > 0 ? 30_000 : 0),
      maintenance: new SearchMaintenance(db.kysely, db.kind, searchCacheMs > 0 ? 10 * 60_000 : 0),
      classification,
    },
    { cacheMs: searchCacheMs },
  );
  const tenants = new TenantDirectory(db.kysely, config.configCacheMs);
  const circulation = new CirculationService(db.kysely);
  const authServices = createAuthServices(db.kysely, dictionaries, config.auth, config.rateLimiters);
  const requests = new RequestService(db.kysely);
  const fines = new FineService(db.kysely);
  const staff = new StaffService(db.kysely, {
    settings: authServices.authSettings,
    loginsPerIp: (config.rateLimiters ?? rateLimiterFactory())(
      'staff-login-ip',
      authServices.authSettings.loginsPerMinutePerIp,
    ),
    tenants,
  });
  // Reminders go by e-mail only through a mail server: the inbox stand-in would put them in the inbox twice.
  const mail = authServices.delivery.mail instanceof SmtpMailSender ? authServices.delivery.mail : null;
  const reminders = new ReminderService(db.kysely, {
    circulation,
    tenants,
    mailServer: mail !== null,
    // Calendar applications ask every few hours; a campus behind one address has many readers.
    feedLimiter: (config.rateLimiters ?? rateLimiterFactory())('calendar-feed-ip', 120),
  });
  const subscriptions = new SubscriptionService(db.kysely, { search, tenants });
  const journals = new JournalService(db.kysely, { dictionaries, cacheMs: searchCacheMs });
  // A record's copies: its page and the course reading lists' books.
  const holdings = new HoldingsService(db.kysely, dictionaries);
  // The modules whose figures the home page shows (each counts its own).
  const eResources = new EResourceService(db.kysely, { dictionaries, staff });
  const subjects = new SubjectService(db.kysely, { staff });
  const courses = new CourseService(db.kysely, { holdings, staff });
  const collections = new CollectionService(db.kysely);
  const catalogueChanged = (tenantId: number) => {
    search.catalogueChanged(tenantId);
    subjects.catalogueChanged(tenantId);
  };
  return {
    db,
    tenants,
    siteConfig,
    dictionaries,
    search,
    vocabulary,
    popularSearches,
    searchHistory,
    classification,
    recordDetail: new RecordDetailService(db.kysely, { dictionaries, providers }),
    holdings,
    loans: new LoanService(db.kysely),
    homeLists: new HomeListsService(db.kysely, { dictionaries, search }),
    evaluations: new EvaluationService(db.kysely),
    favourites: new FavouriteService(db.kysely, dictionaries),
    circulation,
    requests,
    relend: new RelendService(db.kysely),
    fines,
    staff,
    staffAccounts: new StaffAccounts(db.kysely, staff),
    desk: new StaffDesk(db.kysely, { circulation, requests, fines, staff }),
    readerAdmin: new ReaderAdmin(db.kysely, {
      circulation,
      requests,
      fines,
      staff,
      passwordRule: async (tenantId) => (await siteConfig.settings(tenantId)).config.passwordCheck,
    }),
    requestAdmin: new RequestAdmin(db.kysely, { circulation, staff }),
    moderation: new ModerationService(db.kysely, { staff }),
    recommendations: new RecommendationService(db.kysely, { staff, siteConfig }),
    catalogueAdmin: new CatalogueAdmin(db.kysely, {
      staff,
      catalogueChanged,
      kind: db.kind,
      uploadDir: config.catalogueImport?.dir,
      maxBytes: config.catalogueImport?.maxBytes,
    }),
    contentAdmin: new ContentAdmin(db.kysely, { staff, siteConfig }),
    libraryAdmin: new LibraryAdmin(db.kysely, { staff, dictionaries }),
    reports: new ReportsService(db.kysely, searchCacheMs > 0 ? 10 * 60_000 : 0),
    siteAdmin: new SiteAdmin(db.kysely, { siteConfig, tenants, staff }),
    addresses: new AddressService(db.kysely, dictionaries),
    donations: new DonationService(db.kysely, { staff }),
    eResources,
    subjects,
    courses,
    journals,
    homeNavigation: new HomeNavigationService(db.kysely, {
      staff,
      journals,
      eResources,
      collections,
      courses,
      subjects,
      cacheMs: searchCacheMs > 0 ? 60_000 : 0,
    }),
    collections,
    collectionsAdmin: new CollectionAdminService(db.kysely, { staff }),
    topicsAdmin: new TopicAdminService(db.kysely, { staff }),
    docDelivery: new DocDeliveryService(db.kysely, { staff }),
    surveys: new SurveyService(db.kysely, { staff, timeZone: config.reminders?.timeZone ?? 'Asia/Shanghai' }),
    bookLists: new BookListService(db.kysely, { staff }),
    accountClosing: new AccountClosingService(db.kysely, { auth: authServices.auth, circulation }),
    feedback: new FeedbackService(db.kysely, { staff }),
    points: new PointsService(db.kysely),
    personalInfo: new PersonalInfoService(db.kysely, dictionaries),
    providers,
    searchWarmUp: searchCacheMs > 0,
    catalogueChanged,
    reminders,
    reminderJob: new ReminderJob(db.kysely, {
      reminders,
      tenants,
      mail,
      timeZone: config.reminders?.timeZone ?? 'Asia/Shanghai',
    }),
    subscriptions,
    subscriptionJob: new SubscriptionJob(db.kysely, {
      subscriptions,
      search,
      tenants,
      mail,
      timeZone: config.reminders?.timeZone ?? 'Asia/Shanghai',
      settleMs: config.subscriptionSettleMs,
    }),
    ...authServices,
  };
}
