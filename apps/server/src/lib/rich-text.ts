import { finishRichTextNode, richTextPolicy } from '@openfind/contract';

type Purifier = { sanitize(html: string, config: ReturnType<typeof richTextPolicy>): string };

let purifier: Promise<Purifier> | undefined;

/**
 * DOMPurify over a jsdom window: the same sanitiser and allow-list (`richTextPolicy` of the
 * contract) as the web app, with the same HTML parser behaviour as a browser (jsdom parses with
 * parse5, per the HTML standard), so what the server keeps is what a browser would keep. Loaded
 * on first use (about half a second): most processes never clean rich text.
 */
function load(): Promise<Purifier> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const purify = createDOMPurify(
      new JSDOM('<!doctype html><body></body>').window as unknown as Parameters<typeof createDOMPurify>[0],
    );
    purify.addHook('afterSanitizeAttributes', finishRichTextNode);
    return purify as Purifier;
  })().catch((err: unknown) => {
    purifier = undefined;
    throw err;
  });
  return purifier;
}

/**
 * The texts cleaned lately, by what was stored: the site configuration is read again every few
 * seconds per institution (CONFIG_CACHE_SECONDS) and its rich text rarely changes, so each text is
 * parsed once per process, not at every refresh.
 */
const cleaned = new Map<string, string>();
const CLEANED_KEPT = 256;

/** Configured rich text cleaned with the contract's allow-list ('' stays ''). */
export async function sanitizeRichText(html: string): Promise<string> {
  if (!html) return html;
  const known = cleaned.get(html);
  if (known !== undefined) return known;
  const clean = (await load()).sanitize(html, richTextPolicy());
  if (cleaned.size >= CLEANED_KEPT) cleaned.delete(cleaned.keys().next().value!);
  cleaned.set(html, clean);
  return clean;
}
