import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { registerLanguage, registerTenantScope } from './http/context.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerInputGuard } from './http/input-guard.js';
import { withRedaction } from './http/log-redaction.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { isFirstAnswerCall } from './http/first-answers.js';
import { registerWeb } from './http/web.js';
import { registerAuthRoutes } from './modules/auth/auth-routes.js';
import { registerSessionScope } from './modules/auth/session-context.js';
import { registerCasRoutes } from './modules/auth/sso-routes.js';
import { registerDictionaryRoutes } from './modules/dictionaries/dictionary-routes.js';
import { registerEvaluationRoutes } from './modules/evaluations/evaluation-routes.js';
import { registerFavouriteRoutes } from './modules/favourites/favourite-routes.js';
import { registerAvatarImageRoute, registerPersonalInfoRoutes } from './modules/personal-info/personal-info-routes.js';
import { registerAddressRoutes } from './modules/addresses/address-routes.js';
import { registerDonationRoutes } from './modules/donations/donation-routes.js';
import { registerEResourceRoutes } from './modules/e-resources/e-resource-routes.js';
import { registerSubjectRoutes } from './modules/subject-services/subject-routes.js';
import { registerCourseRoutes } from './modules/courses/course-routes.js';
import { registerJournalRoutes } from './modules/journals/journal-routes.js';
import { registerHomeNavigationRoutes } from './modules/home-navigation/home-navigation-routes.js';
import { registerCollectionRoutes } from './modules/collections/collection-routes.js';
import { registerDocDeliveryRoutes } from './modules/doc-delivery/doc-delivery-routes.js';
import { registerSurveyRoutes } from './modules/surveys/survey-routes.js';
import { registerBookListCoverRoute, registerBookListRoutes } from './modules/book-lists/book-list-routes.js';
import { registerAccountClosingRoutes } from './modules/account-closing/account-closing-routes.js';
import { registerFeedbackRoutes } from './modules/feedback/feedback-routes.js';
import { registerInboxRoutes } from './modules/inbox/inbox-routes.js';
import { registerPointsRoutes } from './modules/points/points-routes.js';
import { registerCirculationRoutes } from './modules/circulation/circulation-routes.js';
import { registerRelendRoutes } from './modules/circulation/relend-routes.js';
import { registerFineRoutes, registerPaymentNoticeRoutes } from './modules/circulation/fine-routes.js';
import { registerCalendarFeedRoute, registerReminderRoutes } from './modules/reminders/reminder-routes.js';
import {
  registerSubscriptionLinkRoutes,
  registerSubscriptionRoutes,
} from './modules/subscriptions/subscription-routes.js';
import { registerHoldingsRoutes } from './modules/holdings/holdings-routes.js';
import { registerHomeListsRoutes } from './modules/home-lists/home-lists-routes.js';
import { registerLoanRoutes } from './modules/loans/loan-routes.js';
import { registerProviderRoutes } from './modules/providers/provider-routes.js';
import { registerRecordDetailRoutes } from './modules/record-detail/record-detail-routes.js';
import { registerHealthRoutes } from './modules/health/health-routes.js';
import { registerOpenInterfaceRoutes } from './modules/open-interfaces/open-interfaces-routes.js';
import { registerSearchRoutes } from './modules/search/search-routes.js';
import { registerSiteConfigRoutes } from './modules/site-config/site-config-routes.js';
import { registerTenantRoutes } from './modules/tenants/tenant-routes.js';
import { registerStaffRoutes } from './modules/staff/staff-routes.js';
import { registerDeskRoutes } from './modules/desk/desk-routes.js';
import { registerReaderAdminRoutes } from './modules/reader-admin/reader-admin-routes.js';
import { registerRequestAdminRoutes } from './modules/request-admin/request-admin-routes.js';
import { registerModerationRoutes } from './modules/moderation/moderation-routes.js';
import { registerRecommendationRoutes } from './modules/recommendations/recommendation-routes.js';
import { registerCatalogueAdminRoutes } from './modules/catalogue-admin/catalogue-admin-routes.js';
import {
  registerAttachmentFileRoute,
  registerContentAdminRoutes,
} from './modules/content-admin/content-admin-routes.js';
import { registerLibraryAdminRoutes } from './modules/library-admin/library-admin-routes.js';
import { registerReportsRoutes } from './modules/reports/reports-routes.js';
import { registerSiteAdminRoutes, registerSiteAssetRoute } from './modules/site-admin/site-admin-routes.js';
import type { Services } from './services.js';
import { VERSION } from './version.js';

export interface BuildAppOptions {
  services: Services;
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: FastifyServerOptions['trustProxy'];
}

/** Builds the Fastify app with every plugin and module registered. It never listens. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Secrets in URLs (tokens, tickets, codes, passwords) never reach the log.
    logger: withRedaction(opts.logger ?? false),
    // A page's first answers are calls the server makes for it: the page's own request is logged.
    logController: new Fastify.LogController({ disableRequestLogging: isFirstAnswerCall }),
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First, so that every route, file and error answer of every plugin below carries the headers.
  registerSecurityHeaders(app);
  registerLanguage(app);
  // Clients of the real API POST some calls with an empty body under a JSON content type, as the
  // real server accepts: read it as {}. Everything else goes to Fastify's own parser (with its
  // prototype-poisoning checks).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return parseJson(req, text, done);
  });
  // Clients POST some calls with no body at all; validate those as an empty object.
  app.addHook('preValidation', async (req) => {
    if (req.body === undefined || req.body === null) {
      if (req.method === 'POST' || req.method === 'PUT') req.body = {};
    }
  });
  registerErrorHandler(app);
  registerInputGuard(app);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'OpenFind API',
        version: VERSION,
        description:
          'The /oga and /find calls of the OpenFind portal. Every answer is wrapped in ' +
          '{success, message, errCode, errorCode, data}. Send the tenant in the `mappingPath` header ' +
          "('' for the default institution), optionally `groupCode`, and the language in " +
          '`content-language` (zh_CN, zh_HK, en_US) or `x-lang` (CHI, ENG).\n\n' +
          'Input: numbers may be sent as numbers or strings of digits; flags as true/false, 1/0, ' +
          "'1'/'0' or 'true'/'false'; an empty JSON body reads as {}. Ids are whole numbers from 1 to " +
          "2147483647 (anything else is refused with HTTP 400). Page sizes above a call's maximum are " +
          'clamped to it (see each `rows`). In free text (search text, names, titles, comments) control ' +
          'characters become spaces and unpaired UTF-16 surrogates are dropped; any other string holding ' +
          'one (codes, account names, passwords, tokens) is refused with HTTP 400.',
      },
      // Every tag a call carries (endpoint.tag), in the order a reader of the document meets them;
      // a test checks that none is missing.
      tags: [
        { name: 'site-config', description: 'Institution, site configuration and menus' },
        { name: 'tenants', description: 'Which institution an address or group code belongs to' },
        { name: 'dictionaries', description: 'Libraries, locations and code lists' },
        { name: 'search', description: 'Searching, suggestions, popular searches, search history, the class tree' },
        { name: 'record', description: 'Record details, QR code, usage, author, third-party content' },
        { name: 'holdings', description: 'Copies, shelves, electronic copies, serial issues, attachments' },
        { name: 'loans', description: "Circulation figures: hot borrowing, a record's loans by year, loan analysis" },
        { name: 'lists', description: 'Home-page lists: new books, collections, book lists, donation news' },
        { name: 'evaluations', description: 'Ratings and comments' },
        { name: 'favourites', description: "A reader's favourite records" },
        { name: 'auth', description: 'Login, sessions, passwords, recovery and binding' },
        { name: 'personal-info', description: "A reader's personal information and avatar (My Library)" },
        { name: 'circulation', description: "A reader's loans: summary, current loans, history, renewals, take codes" },
        {
          name: 'requests',
          description: "A reader's requests: pickup places, placing, the queue, cancelling, handover",
        },
        { name: 'relend', description: 'Re-lend: asking for a lent-out book, agreeing to pass it on, the handover' },
        { name: 'fines', description: "A reader's fines and payments: the list, the total, paying online" },
        { name: 'reminders', description: "A reader's due-date reminders and the calendar feed of their due dates" },
        { name: 'addresses', description: "A reader's delivery addresses" },
        { name: 'points', description: "A reader's points: the ledger, the balance, how points are earned" },
        { name: 'staff', description: 'Staff accounts: login, logout, who am I (the X-Staff-Token header)' },
        { name: 'desk', description: 'The circulation desk (staff calls): lend, take back, renew, requests, fines' },
        {
          name: 'reader-admin',
          description: "Readers (staff calls): search, a reader's page, status, passwords, sessions, CSV import",
        },
        {
          name: 'request-admin',
          description: 'The request manager (staff calls): requests, pick lists, the hold shelf, expired holds',
        },
        { name: 'moderation', description: "Moderation (staff calls): readers' comments, the sensitive-word list" },
        {
          name: 'catalogue-admin',
          description:
            'The catalogue (staff calls): imports from an upload, finding records and their MARC, suppressing, deleting',
        },
        {
          name: 'content-admin',
          description: 'Content (staff calls): e-resources, book lists, donation news, help texts, attachments',
        },
        {
          name: 'library-admin',
          description: 'Libraries, campuses, locations and loan policies (administrators)',
        },
        {
          name: 'recommendations',
          description: "Purchase suggestions: a reader's suggestions, and the staff queue and settings",
        },
        {
          name: 'collections',
          description: 'Special collections and special libraries, topics and e-books',
        },
        {
          name: 'journals',
          description:
            'Journal navigation: print and electronic journals, core lists, CLC and A–Z browsing, hot journals',
        },
        {
          name: 'subjects',
          description:
            "Subject services: departments and their resources, researchers and their works, the institution's theses",
        },
        {
          name: 'donations',
          description: "Book donations: a reader's offers, the public donors list and news, the staff queue",
        },
        {
          name: 'docDelivery',
          description:
            "Document delivery: the reader's signed link into the library's service, the request form, the queue",
        },
        {
          name: 'surveys',
          description: "Questionnaires: a reader's answers (once each); the staff's surveys, results and export",
        },
        { name: 'book-lists', description: "Readers' book lists: their own, public ones, a list's page, views" },
        {
          name: 'account-closing',
          description: "Self-service account closing and the reader's data download (/find/userLogOut/*)",
        },
        { name: 'inbox', description: "A reader's messages: list, read, delete; the unread count" },
        {
          name: 'subscriptions',
          description: "A reader's subscriptions to a search, a class number or a journal: digests, feeds",
        },
        {
          name: 'feedback',
          description: "Problem feedback and e-questions: a reader's messages, the staff queue and settings",
        },
        { name: 'notices', description: 'Library notices (staff calls): send to readers, withdraw' },
        { name: 'reports', description: 'The staff console: dashboard, statistics, audit log (staff calls)' },
        { name: 'site-admin', description: 'Site configuration (administrators): settings, menus, uploaded images' },
        {
          name: 'e-resources',
          description:
            'Database navigation: screen conditions, lists, pages, visits (on or off campus), trial feedback; the console',
        },
        {
          name: 'courses',
          description:
            "Course reading lists: course and course-book searches, pages, readers' marked courses; the console",
        },
        {
          name: 'home-navigation',
          description: "The home page's figures, element and menu click counts, fixed icons; usage and icons (staff)",
        },
        { name: 'operations', description: 'Health and operations' },
      ],
    },
    transform: jsonSchemaTransform,
    // Publishes the named (recursive) schemas as components, which the calls refer to by $ref.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerHealthRoutes(app, opts.services);
  // Resolves the tenant from the request body, so it sits outside the tenant scope.
  registerTenantRoutes(app, opts.services);
  // Browser redirects of single sign-on: the tenant comes from the query, not the headers.
  registerCasRoutes(app, opts.services);
  // Avatar images, asked for by <img> (no API headers): the tenant comes from the address.
  registerAvatarImageRoute(app, opts.services);
  // Book-list covers, asked for by <img> (no API headers): the tenant comes from the address.
  registerBookListCoverRoute(app, opts.services);
  // Attachment files, asked for by links of the record page (no API headers): the tenant comes from the address.
  registerAttachmentFileRoute(app, opts.services);
  // Images uploaded for the portal (logo, icon, search background), asked for by <img>: the tenant comes from the address.
  registerSiteAssetRoute(app, opts.services);
  // Payment notices of online channels: the tenant comes from the query, the trust from the signature.
  await registerPaymentNoticeRoutes(app, opts.services);
  // The calendar feed of a reader's due dates, asked for by calendar applications: the tenant comes from the token.
  registerCalendarFeedRoute(app, opts.services);
  // A subscription's Atom feed and unsubscribe page (signed links): the tenant comes from the subscription.
  await registerSubscriptionLinkRoutes(app, opts.services);
  // OAI-PMH, OpenSearch, sitemaps, robots.txt, the new-arrivals feed: the tenant comes from the address.
  await registerOpenInterfaceRoutes(app, opts.services);
  await app.register(async (scope) => {
    registerTenantScope(scope, opts.services);
    registerSessionScope(scope, opts.services);
    registerSiteConfigRoutes(scope, opts.services);
    registerDictionaryRoutes(scope, opts.services);
    registerSearchRoutes(scope, opts.services);
    registerRecordDetailRoutes(scope, opts.services);
    registerHoldingsRoutes(scope, opts.services);
    registerLoanRoutes(scope, opts.services);
    registerHomeListsRoutes(scope, opts.services);
    registerEvaluationRoutes(scope, opts.services);
    registerFavouriteRoutes(scope, opts.services);
    registerCirculationRoutes(scope, opts.services);
    registerRelendRoutes(scope, opts.services);
    registerFineRoutes(scope, opts.services);
    registerReminderRoutes(scope, opts.services);
    registerAddressRoutes(scope, opts.services);
    registerDonationRoutes(scope, opts.services);
    registerEResourceRoutes(scope, opts.services);
    registerSubjectRoutes(scope, opts.services);
    registerCourseRoutes(scope, opts.services);
    registerJournalRoutes(scope, opts.services);
    registerHomeNavigationRoutes(scope, opts.services);
    registerCollectionRoutes(scope, opts.services);
    registerDocDeliveryRoutes(scope, opts.services);
    registerSurveyRoutes(scope, opts.services);
    registerBookListRoutes(scope, opts.services);
    registerAccountClosingRoutes(scope, opts.services);
    registerFeedbackRoutes(scope, opts.services);
    registerInboxRoutes(scope, opts.services);
    registerSubscriptionRoutes(scope, opts.services);
    registerPointsRoutes(scope, opts.services);
    registerProviderRoutes(scope, opts.services);
    registerAuthRoutes(scope, opts.services);
    registerPersonalInfoRoutes(scope, opts.services);
    registerStaffRoutes(scope, opts.services);
    registerDeskRoutes(scope, opts.services);
    registerReaderAdminRoutes(scope, opts.services);
    registerRequestAdminRoutes(scope, opts.services);
    registerModerationRoutes(scope, opts.services);
    registerRecommendationRoutes(scope, opts.services);
    registerCatalogueAdminRoutes(scope, opts.services);
    registerContentAdminRoutes(scope, opts.services);
    registerLibraryAdminRoutes(scope, opts.services);
    registerReportsRoutes(scope, opts.services);
    registerSiteAdminRoutes(scope, opts.services);
  });

  await registerWeb(app, opts.webDist);
  return app;
}
