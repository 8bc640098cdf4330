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

/** Configured rich text cleaned with the contract's allow-list ('' stays ''). */
export async function sanitizeRichText(html: string): Promise<string> {
  if (!html) return html;
  return (await load()).sanitize(html, richTextPolicy());
}
