// Prepares the book-lists flow's readers (e2e/my-library-book-lists.spec.ts) in the e2e database, in one
// process with the built server's modules. Called by prepare-data.mjs after the demo seed. In the default
// institution, one reader per language (`lists-zh-CN`…), so that each test's lists are its own.
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReadersPerLanguage } from './readers-per-language.mjs';

const LISTS_PASSWORD = 'Reader2026';

export async function prepareBookLists() {
  await withServices((_s, db) =>
    saveReadersPerLanguage(db, { prefix: 'lists', name: '书单读者', password: LISTS_PASSWORD }),
  );
}
