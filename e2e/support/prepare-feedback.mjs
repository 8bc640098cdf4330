// Prepares the feedback flow's readers (e2e/my-library-feedback.spec.ts) in the e2e database, in one
// process with the built server's modules. Called by prepare-data.mjs after the demo seed. In the default
// institution, one reader per language (`asker-zh-CN`…), so that each test's messages and inbox are its own.
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReadersPerLanguage } from './readers-per-language.mjs';

const ASKER_PASSWORD = 'Reader2026';

export async function prepareFeedbackReaders() {
  await withServices((_s, db) =>
    saveReadersPerLanguage(db, { prefix: 'asker', name: '提问者', password: ASKER_PASSWORD }),
  );
}
