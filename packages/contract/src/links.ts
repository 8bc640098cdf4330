/**
 * Links from catalogue data (MARC 856 $u, CNMARC 856, electronic copies): a link a patron may be
 * sent to is http(s) only. Records carry `javascript:`, `data:` and `vbscript:` URLs (by mistake or
 * not), relative paths of the source system, and identifiers that are not URLs yet: `doi:10.…`,
 * `hdl:…` and `urn:nbn:…` are rewritten to their public resolvers; anything else is refused. `ftp:`
 * is refused too: browsers no longer open it, so it is no link for a patron.
 *
 * One function for the import (which drops or rewrites a link and says so in its report), the
 * server (for rows stored before, or written another way) and the web app (which renders no other
 * href). Pure: the WHATWG URL parser, as in every browser and in Node.
 */

/** Longest link kept: a link longer than this is not a real e-copy address. */
export const MAX_LINK_LENGTH = 2048;

/** Blanks and control characters at either end of a link (a browser strips them before reading the scheme). */
// eslint-disable-next-line no-control-regex -- control characters are what is being removed
const EDGE_BLANKS = /^[\u0000-\u0020\u007f-\u009f\u200b\ufeff]+|[\u0000-\u0020\u007f-\u009f\u200b\ufeff]+$/g;

/** Identifier schemes rewritten to the resolver libraries link them to. */
const RESOLVERS: Array<{ scheme: RegExp; resolver: string }> = [
  { scheme: /^doi:\s*(?=10\.)/i, resolver: 'https://doi.org/' },
  { scheme: /^hdl:\s*/i, resolver: 'https://hdl.handle.net/' },
  { scheme: /^(?=urn:nbn:)/i, resolver: 'https://nbn-resolving.org/' },
];

/** What {@link checkLinkUrl} made of a link. */
export type LinkCheck =
  /** Kept; `isRewritten` when an identifier (doi:, hdl:, urn:nbn:) became its resolver's URL. */
  | { url: string; isRewritten: boolean }
  /** Refused: `reason` says why (English, for an import report). */
  | { url: null; reason: string };

/**
 * The link as a safe http(s) URL, or why it is refused. Leading and trailing blanks and control
 * characters are stripped first (a browser strips them too, so ` javascript:` is javascript:), and
 * tabs and line breaks inside are ignored as a browser ignores them.
 */
export function checkLinkUrl(raw: string): LinkCheck {
  const text = raw.replace(EDGE_BLANKS, '').replace(/[\t\n\r]/g, '');
  if (!text) return { url: null, reason: 'the link is empty' };
  if (text.length > MAX_LINK_LENGTH) return { url: null, reason: `the link is over ${MAX_LINK_LENGTH} characters` };
  // eslint-disable-next-line no-control-regex -- a control character left inside is no part of a real address
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return { url: null, reason: 'the link holds control characters' };
  let candidate = text;
  for (const { scheme, resolver } of RESOLVERS) {
    if (scheme.test(candidate)) {
      candidate = resolver + candidate.replace(scheme, '');
      break;
    }
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(candidate)?.[1]?.toLowerCase();
  if (!scheme) return { url: null, reason: 'the link is relative (no http or https address)' };
  if (scheme !== 'http' && scheme !== 'https')
    return { url: null, reason: `the link's scheme "${scheme}:" is not http or https` };
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return { url: null, reason: 'the link is not a valid address' };
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) {
    return { url: null, reason: 'the link is not a valid address' };
  }
  return { url: parsed.href, isRewritten: candidate !== text };
}

/** The link as a safe http(s) URL (see {@link checkLinkUrl}), or null when it is none. */
export function safeLinkUrl(raw: string | null | undefined): string | null {
  return typeof raw === 'string' ? checkLinkUrl(raw).url : null;
}
