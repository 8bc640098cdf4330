// Prepares the donations flow's readers (e2e/donations.spec.ts) in the e2e database, in one process with
// the built server's modules. Called by prepare-data.mjs after the demo seed. In the default institution,
// one reader per language (`donor-zh-CN`…), so that each test's donations and inbox are its own.
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReadersPerLanguage } from './readers-per-language.mjs';

const DONOR_PASSWORD = 'Reader2026';

export async function prepareDonations() {
  await withServices((_s, db) =>
    saveReadersPerLanguage(db, { prefix: 'donor', name: '捐书人', password: DONOR_PASSWORD }),
  );
}
