#!/usr/bin/env node
// Prepares a fresh e2e database with the built CLI: the demo tenants, plus a `mourning` tenant in
// black-and-white mode. Run with DATA_DIR set (playwright.config.ts does), before the server starts.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareAuthTenants } from './prepare-auth.mjs';
import { prepareDeliveryAccounts } from './prepare-delivery.mjs';
import { prepareRelendReaders } from './prepare-relend.mjs';
import { prepareRequestReaders } from './prepare-requests.mjs';
import { prepareReports } from './prepare-reports.mjs';
import { prepareAdminReaders } from './prepare-readers.mjs';
import { prepareModeration } from './prepare-moderation.mjs';
import { prepareSite } from './prepare-site.mjs';
import { prepareLibraries } from './prepare-libraries.mjs';
import { prepareInboxReaders } from './prepare-inbox.mjs';
import { prepareDonations } from './prepare-donations.mjs';
import { prepareFeedbackReaders } from './prepare-feedback.mjs';
import { prepareBookLists } from './prepare-book-lists.mjs';
import { prepareSurveys } from './prepare-surveys.mjs';
import { prepareClosingReaders } from './prepare-closing.mjs';
import { prepareFavourites } from './prepare-favourites.mjs';
import { prepareRecommendReaders } from './prepare-rec.mjs';
import { prepareDocDeliveryReaders } from './prepare-doc-delivery.mjs';
import { prepareSubscriptionReaders } from './prepare-subscriptions.mjs';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.cache/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const cli = (...args) =>
  execFileSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

cli('seed', '--demo');
// Records with their original script in 880s (e2e/original-script.spec.ts): the demo catalogue has none.
cli('import', fileURLToPath(new URL('./original-script.xml', import.meta.url)));
cli(
  'tenant',
  'add',
  '--mapping-path',
  'mourning',
  '--group-code',
  '990001',
  '--name',
  '哀悼测试图书馆',
  '--name-en',
  'Mourning Test Library',
  '--name-tw',
  '哀悼測試圖書館',
);
// Black-and-white mode, plus settings the shell must cope with: a faint header text colour, a logo that
// fails to load, its own favicon and search background.
cli(
  'config',
  'set',
  '--tenant',
  'mourning',
  'blackAndWhiteModel=1',
  'navBackColor=f0f0f0',
  'navTextColor=ffffff',
  'pcLogoUrl=/no-such-logo.png',
  'iconUrl=/logo.svg',
  'searchBackGround=/image-fallback.svg',
);
// Account screens (e2e/account*.spec.ts): xihu asks readers to bind an e-mail or phone after login and has its
// own privacy policy (with a script that must not run); `recover` is a reader whose password the recovery test changes.
cli(
  'config',
  'set',
  '--tenant',
  'xihu',
  'bindMailOrPhone=1',
  'privacyHtml=<h2>西湖市图书馆读者隐私政策</h2><p>本馆仅为借阅服务处理读者信息。</p><script>window.privacyScriptRan = true</script>',
);
cli(
  'reader',
  'add',
  '--tenant',
  'xihu',
  '--account',
  'recover',
  '--password',
  'Reader2026',
  '--name',
  'Recovery Reader',
  '--email',
  'recover@example.org',
  '--phone',
  '13800000042',
);
// `rebind` replaces its verified e-mail on /forceBinding (the old address is told).
cli(
  'reader',
  'add',
  '--tenant',
  'xihu',
  '--account',
  'rebind',
  '--password',
  'Reader2026',
  '--name',
  'Rebinding Reader',
  '--email',
  'rebind.old@example.org',
);
// Account tests (e2e/auth-*.spec.ts): their institutions, in one process (e2e/support/prepare-auth.mjs).
process.env.DATA_DIR = dataDir;
await prepareAuthTenants();
// The re-lend flow (e2e/my-library-relend.spec.ts): a reader who has a book, one who will ask for it.
await prepareRelendReaders();
// The home-delivery flow (e2e/my-library-delivery.spec.ts): a reader without an address, a desk account.
await prepareDeliveryAccounts();
// The staff console's dashboard and audit log (e2e/admin-reports.spec.ts): searches and a change at beiling.
await prepareReports();
// The staff console's readers (e2e/admin-readers.spec.ts): a reader with a renewable loan, to freeze.
await prepareAdminReaders();
// The request manager (e2e/admin-requests.spec.ts): a reader per language whose request holds a copy still in the stacks.
await prepareRequestReaders();
// Comment moderation (e2e/admin-moderation.spec.ts): a sensitive word, and readers' comments waiting.
await prepareModeration();
// Site configuration (e2e/admin-site.spec.ts): a new institution per language with its own administrator.
await prepareSite();
// Libraries and loan rules (e2e/admin-libraries.spec.ts): institutions of their own.
await prepareLibraries();
// The inbox flow's readers, one reader type per language (e2e/support/prepare-inbox.mjs).
await prepareInboxReaders();
// The recommendation flow's readers, one per language, with a verified e-mail (e2e/support/prepare-rec.mjs).
await prepareRecommendReaders();
// Book donations (e2e/donations.spec.ts): a reader per language in the default institution.
await prepareDonations();
// Problem feedback and e-questions (e2e/my-library-feedback.spec.ts): a reader per language in the default institution.
await prepareFeedbackReaders();
// Readers' book lists (e2e/my-library-book-lists.spec.ts): a reader per language in the default institution.
await prepareBookLists();
// Questionnaires (e2e/surveys.spec.ts): a reader per language in the default institution.
await prepareSurveys();
// Account closing (e2e/my-library-closing.spec.ts): a reader per language, and one with a book on loan.
await prepareClosingReaders();
// Favourite folders (e2e/my-library-favourites.spec.ts): a reader per language with two favourites.
await prepareFavourites();
// Document delivery (e2e/my-library-doc-delivery.spec.ts): a reader per language in the default institution.
await prepareDocDeliveryReaders();
// Subscriptions and alerts (e2e/my-library-subscriptions.spec.ts): a reader per language in the default institution.
await prepareSubscriptionReaders();
console.log(`e2e data ready in ${dataDir}`);
