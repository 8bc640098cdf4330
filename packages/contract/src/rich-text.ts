import type { SiteConfig } from './site-config.js';

/**
 * The allow-list of configured rich text (site config `helpHtml`, `privacyHtml`, `oldPrivacyHtml`
 * and the login explanations): the one policy that the server applies when it saves and serves
 * those keys and the web app applies when it shows them, both with DOMPurify (on the server over
 * jsdom), so the two cannot drift. Anything not listed is removed: scripts, frames, forms, SVG,
 * MathML, `style` and `class` (no restyling the page into a fake dialog), event handlers, and
 * every URL that is not http(s), mailto, tel, relative or (images only) `data:`.
 */

/** Elements kept: headings, paragraphs, lists, links, images, tables and basic formatting. */
export const RICH_TEXT_TAGS: readonly string[] = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'div',
  'span',
  'section',
  'article',
  'address',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'mark',
  'abbr',
  'del',
  'ins',
  'q',
  'cite',
];

/** Attributes kept (on the elements above; DOMPurify checks the URL ones against `RICH_TEXT_URL`). */
export const RICH_TEXT_ATTRIBUTES: readonly string[] = [
  'href',
  'target',
  'title',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'start',
  'reversed',
  'lang',
  'dir',
];

/**
 * URLs kept in `href` and `src` (DOMPurify tests them after removing whitespace and control
 * characters, and lets `img` keep `data:` images): http(s), mailto and tel, or relative (no
 * scheme before the first `/`, `?` or `#`).
 */
export const RICH_TEXT_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** The DOMPurify configuration of rich text (spread it: DOMPurify wants mutable arrays). */
export function richTextPolicy() {
  return {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
    ALLOWED_URI_REGEXP: RICH_TEXT_URL,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  };
}

/** The part of an element that `finishRichTextNode` needs (a DOM element, in the browser or jsdom). */
interface ElementLike {
  nodeName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * DOMPurify's `afterSanitizeAttributes` hook of rich text: a link may open a new window
 * (`target="_blank"`, then always with `rel="noopener noreferrer"`, so the page it opens cannot
 * reach back), and no other target (no navigating other frames or the top window).
 */
export function finishRichTextNode(node: unknown): void {
  const el = node as Partial<ElementLike>;
  if (typeof el.getAttribute !== 'function' || !el.nodeName) return;
  const e = el as ElementLike;
  const target = e.getAttribute('target');
  if (target === null) return;
  if (e.nodeName.toLowerCase() === 'a' && target.toLowerCase() === '_blank') {
    e.setAttribute('target', '_blank');
    e.setAttribute('rel', 'noopener noreferrer');
  } else {
    e.removeAttribute('target');
  }
}

/** The site configuration keys that hold rich text: cleaned with this policy when saved, served and shown. */
export const RICH_TEXT_CONFIG_KEYS = [
  'loginExplain',
  'pcLspLoginExplain',
  'pcXxtLoginExplain',
  'pcSsoLoginExplain',
  'helpHtml',
  'privacyHtml',
  'oldPrivacyHtml',
] as const satisfies ReadonlyArray<keyof SiteConfig>;
