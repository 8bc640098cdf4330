import { describe, expect, it } from 'vitest';
import { checkLinkUrl, safeLinkUrl } from './links.js';

describe('safeLinkUrl', () => {
  it('keeps http and https links', () => {
    expect(safeLinkUrl('https://ebooks.example.org/book/1')).toBe('https://ebooks.example.org/book/1');
    expect(safeLinkUrl('  http://example.org/a b  ')).toBe('http://example.org/a%20b');
    expect(safeLinkUrl('HTTPS://Example.org/x?q="<1>"')).toBe('https://example.org/x?q=%22%3C1%3E%22');
  });

  it('refuses script, data and other schemes however they are written', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '   javascript:alert(1)',
      '\u0000\u0001\u001f javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\ufeffjavascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://ftp.example.org/pub/book.pdf',
      'mailto:someone@example.org',
      'http://exa\u0000mple.org/',
      'https://',
    ]) {
      expect([url, safeLinkUrl(url)]).toEqual([url, null]);
    }
  });

  it('refuses relative links and says why', () => {
    expect(checkLinkUrl('/cgi-bin/ebook?id=1')).toEqual({
      url: null,
      reason: 'the link is relative (no http or https address)',
    });
    expect(checkLinkUrl('//cdn.example.org/x')).toMatchObject({ url: null });
    expect(checkLinkUrl('javascript:alert(1)')).toEqual({
      url: null,
      reason: 'the link\'s scheme "javascript:" is not http or https',
    });
    expect(checkLinkUrl('')).toMatchObject({ url: null });
    expect(checkLinkUrl(`https://example.org/${'x'.repeat(3000)}`)).toMatchObject({ url: null });
  });

  it('rewrites doi:, hdl: and urn:nbn: identifiers to their resolvers', () => {
    expect(checkLinkUrl('doi:10.1000/182')).toEqual({ url: 'https://doi.org/10.1000/182', isRewritten: true });
    expect(safeLinkUrl('DOI: 10.1038/nphys1170')).toBe('https://doi.org/10.1038/nphys1170');
    expect(safeLinkUrl('hdl:2027/mdp.39015012345678')).toBe('https://hdl.handle.net/2027/mdp.39015012345678');
    expect(safeLinkUrl('urn:nbn:de:101:1-2019')).toBe('https://nbn-resolving.org/urn:nbn:de:101:1-2019');
    expect(safeLinkUrl('doi:javascript:alert(1)')).toBeNull();
    expect(checkLinkUrl('https://doi.org/10.1000/182')).toEqual({
      url: 'https://doi.org/10.1000/182',
      isRewritten: false,
    });
  });
});
