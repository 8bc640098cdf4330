import { AddressCalls } from './addresses.js';
import { AuthCalls } from './auth.js';
import { CatalogueAdminCalls } from './catalogue-admin.js';
import { CirculationCalls } from './circulation.js';
import { DeskCalls } from './desk.js';
import { DocDeliveryCalls } from './doc-delivery.js';
import { DonationCalls } from './donations.js';
import { EResourceCalls } from './e-resources.js';
import { JournalCalls } from './journals.js';
import { BookListCalls } from './book-lists.js';
import { CourseCalls } from './courses.js';
import { CollectionCalls } from './collections.js';
import { SurveyCalls } from './surveys.js';
import { AccountClosingCalls } from './account-closing.js';
import { DictionaryCalls } from './dictionaries.js';
import { EvaluationCalls } from './evaluations.js';
import { FavouriteCalls } from './favourites.js';
import { FeedbackCalls } from './feedback.js';
import { FineCalls } from './fines.js';
import { HoldingsCalls } from './holdings.js';
import { HomeListCalls } from './home-lists.js';
import { HomeNavigationCalls } from './home-navigation.js';
import { InboxCalls, NoticeAdminCalls } from './inbox.js';
import { LibraryAdminCalls } from './library-admin.js';
import { LoanCalls } from './loans.js';
import { ModerationCalls } from './moderation.js';
import { ContentAdminCalls } from './content-admin.js';
import { PersonalInfoCalls } from './personal-info.js';
import { PointsCalls } from './points.js';
import { ProviderCalls } from './providers.js';
import { ReaderAdminCalls } from './reader-admin.js';
import { RecommendationCalls } from './recommendations.js';
import { RecordDetailCalls } from './record-detail.js';
import { RelendCalls } from './relend.js';
import { RequestAdminCalls } from './request-admin.js';
import { ReportsCalls } from './reports.js';
import { SiteAdminCalls } from './site-admin.js';
import { ReminderCalls } from './reminders.js';
import { RequestCalls } from './requests.js';
import { SearchCalls } from './search.js';
import { SiteConfigCalls } from './site-config.js';
import { StaffCalls } from './staff.js';
import { SubscriptionCalls } from './subscriptions.js';
import { SubjectCalls } from './subject-services.js';
import { TenantCalls } from './tenants.js';

/**
 * Every call of the API, by name: the one table the server registers its routes from, the web
 * app's client takes paths and types from, and the OpenAPI document describes (endpoint.ts). A
 * module's calls are declared beside its schemas (`FavouriteCalls` in favourites.ts…) and joined here.
 */
export const Calls = {
  ...TenantCalls,
  ...SiteConfigCalls,
  ...DictionaryCalls,
  ...SearchCalls,
  ...RecordDetailCalls,
  ...HoldingsCalls,
  ...LoanCalls,
  ...CirculationCalls,
  ...RequestCalls,
  ...RelendCalls,
  ...FineCalls,
  ...ReminderCalls,
  ...AddressCalls,
  ...DonationCalls,
  ...EResourceCalls,
  ...JournalCalls,
  ...DocDeliveryCalls,
  ...BookListCalls,
  ...CourseCalls,
  ...CollectionCalls,
  ...SurveyCalls,
  ...AccountClosingCalls,
  ...PointsCalls,
  ...HomeListCalls,
  ...HomeNavigationCalls,
  ...EvaluationCalls,
  ...FavouriteCalls,
  ...ProviderCalls,
  ...AuthCalls,
  ...PersonalInfoCalls,
  ...StaffCalls,
  ...DeskCalls,
  ...RequestAdminCalls,
  ...ReaderAdminCalls,
  ...ModerationCalls,
  ...CatalogueAdminCalls,
  ...ContentAdminCalls,
  ...LibraryAdminCalls,
  ...ReportsCalls,
  ...SiteAdminCalls,
  ...RecommendationCalls,
  ...InboxCalls,
  ...NoticeAdminCalls,
  ...FeedbackCalls,
  ...SubscriptionCalls,
  ...SubjectCalls,
} as const;
