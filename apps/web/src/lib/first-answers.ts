import type { Lang } from '@openfind/contract';

/**
 * The answers of the first calls that the server put into the page (`http/first-answers.ts` on the
 * server): the tenant, its site configuration, menus, logo, parameters and libraries, and on the
 * record page the record's details as a visitor sees them (`anonymous`: not used for a reader). The HTTP client
 * hands each out once, for the same call with the same input, in place of a request; every later
 * call (a refetch, another screen) goes to the server. Answers in another language than the page's,
 * or older than a minute (a page left open, then used), are not used.
 */

type Answer = {
  method: string;
  path: string;
  input?: Record<string, unknown>;
  anonymous?: boolean;
  data: unknown;
  message: string;
};
type FirstAnswers = { lang: Lang; answers: Answer[] };

/** How long after the page loaded its answers may stand in for a request. */
const FRESH_MS = 60_000;

/**
 * The key of a call: method, path and its input with the keys in order; numbers and booleans as the
 * text they are sent as in a query (the server writes `recordId: "5"` for the app's `recordId: 5`).
 */
export function callKey(method: string, path: string, input: unknown): string {
  const entries: Array<[string, unknown]> =
    input && typeof input === 'object'
      ? Object.entries(input)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v])
      : [];
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${method} ${path} ${JSON.stringify(entries)}`;
}

let answers: Map<string, Answer> | null = null;
let loadedAt = 0;

/** Reads the page's answers (once); a missing or damaged block means none. */
export function readFirstAnswers(lang: Lang, doc: Pick<Document, 'getElementById'> = document): number {
  answers = new Map();
  loadedAt = Date.now();
  const text = doc.getElementById('of-first-answers')?.textContent;
  if (!text) return 0;
  try {
    const first = JSON.parse(text) as FirstAnswers;
    if (first.lang !== lang || !Array.isArray(first.answers)) return 0;
    for (const a of first.answers) answers.set(callKey(a.method, a.path, a.input), a);
  } catch {
    answers.clear();
  }
  return answers.size;
}

/**
 * The page's answer to this call, if it has one not yet handed out; it is handed out once. A
 * visitor's answer (`anonymous`) is not handed to a logged-in reader (`isSignedIn`).
 */
export function takeFirstAnswer(
  method: string,
  path: string,
  input: unknown,
  isSignedIn = false,
): { data: unknown; message: string } | undefined {
  if (!answers?.size || Date.now() - loadedAt > FRESH_MS) return undefined;
  const key = callKey(method, path, input);
  const answer = answers.get(key);
  if (!answer || (answer.anonymous && isSignedIn)) return undefined;
  answers.delete(key);
  return { data: answer.data, message: answer.message };
}

/** The cookie in which the page's language is mirrored for the server (its answers are in that language). */
export const LANG_COOKIE = 'of_lang';

/** Tells the server the page's language for the next page it serves. */
export function rememberLangForServer(lang: Lang): void {
  try {
    if (document.cookie.split('; ').includes(`${LANG_COOKIE}=${lang}`)) return;
    document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    // No document (tests) or cookies disabled: the server answers in the default language.
  }
}
