// Prepares the document-delivery flow's readers (e2e/my-library-doc-delivery.spec.ts) in the e2e
// database, in one process with the built server's modules. Called by prepare-data.mjs after the demo
// seed. In the default institution, one reader per language (`dd-zh-CN`…), so that each test's
// requests and daily count are its own. The service itself is set by the spec (its stand-in runs there).
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReadersPerLanguage } from './readers-per-language.mjs';

const DD_PASSWORD = 'Reader2026';

export async function prepareDocDeliveryReaders() {
  await withServices((_s, db) =>
    saveReadersPerLanguage(db, { prefix: 'dd', name: '传递', password: DD_PASSWORD, email: true }),
  );
}
