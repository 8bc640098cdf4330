/**
 * Text for XML 1.0: the characters XML cannot carry (C0 controls other than tab and line breaks,
 * U+FFFE, U+FFFF, unpaired surrogates — catalogue data has them) are dropped, and the five markup
 * characters are escaped, so every document written here is well-formed whatever a record holds.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are the characters to drop
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xml(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An element with escaped text, or nothing when the value is empty. */
export function el(name: string, value: string | number | null | undefined, attrs = ''): string {
  const text = xml(value).trim();
  return text ? `<${name}${attrs}>${text}</${name}>` : '';
}

/** The site's address as the request reached it (behind a proxy: as the proxy says, when trusted). */
export type SiteUrl = string;

/** The institution's part of the portal's addresses: '' for the default institution, else `/<mappingPath>`. */
export function portalPath(mappingPath: string): string {
  return mappingPath ? `/${encodeURIComponent(mappingPath)}` : '';
}

/** A record page's address (spec §2: `/searchList/bookDetails/{id}`). */
export function recordPageUrl(siteUrl: SiteUrl, mappingPath: string, recordId: number): string {
  return `${siteUrl}${portalPath(mappingPath)}/searchList/bookDetails/${recordId}`;
}
