import DOMPurify from 'dompurify';
import { finishRichTextNode, richTextPolicy } from '@openfind/contract';

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** An instance of its own, so the link hook applies to rich text only. */
function instance(): ReturnType<typeof DOMPurify> {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', finishRichTextNode);
  }
  return purifier;
}

/**
 * Cleans configured rich text (help, privacy policy, login explanations) for display with
 * DOMPurify and the contract's allow-list (`richTextPolicy`), the same the server applies when it
 * saves and serves it: no scripts, handlers, frames, forms, SVG, MathML, styles or script URLs.
 */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, richTextPolicy());
}
