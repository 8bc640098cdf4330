// Prepares the questionnaire flow's readers (e2e/surveys.spec.ts) in the e2e database, in one process with
// the built server's modules. Called by prepare-data.mjs after the demo seed. In the default institution,
// one reader per language (`surveyor-zh-CN`…), so that each test answers with a reader of its own.
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReadersPerLanguage } from './readers-per-language.mjs';

const SURVEYOR_PASSWORD = 'Reader2026';

export async function prepareSurveys() {
  await withServices((_s, db) =>
    saveReadersPerLanguage(db, { prefix: 'surveyor', name: '答卷人', password: SURVEYOR_PASSWORD }),
  );
}
