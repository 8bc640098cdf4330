import { describe, expect, it } from 'vitest';
import { checkIsbn, isbn10To13, isValidIsbn10, isValidIsbn13 } from './isbn.js';
import { checkIssn } from './issn.js';

describe('ISBN validation', () => {
  it('validates check digits', () => {
    expect(isValidIsbn10('7503717440')).toBe(true);
    expect(isValidIsbn10('080442957X')).toBe(true);
    expect(isValidIsbn10('7503717441')).toBe(false);
    expect(isValidIsbn13('9787208061644')).toBe(true);
    expect(isValidIsbn13('9787208061645')).toBe(false);
  });

  it('converts ISBN-10 to ISBN-13', () => {
    expect(isbn10To13('7503717440')).toBe('9787503717444');
    expect(isbn10To13('080442957X')).toBe('9780804429573');
  });

  it('strips hyphens and qualifiers, and keeps invalid ones apart', () => {
    expect(checkIsbn('7-5037-1744-0')).toEqual({ isbn13: '9787503717444' });
    expect(checkIsbn('0140431020 (pbk.) :')).toEqual({ isbn13: '9780140431025' });
    expect(checkIsbn('978184533213X')).toEqual({ invalid: '978184533213X' });
    expect(checkIsbn('HL00361126')).toEqual({ invalid: 'HL00361126' });
    expect(checkIsbn('(pbk.)')).toEqual({});
  });

  it('validates ISSNs', () => {
    expect(checkIssn('0009-7330')).toEqual({ issn: '0009-7330' });
    expect(checkIssn('15244571')).toEqual({ issn: '1524-4571' });
    expect(checkIssn('0009-7331')).toEqual({ invalid: '0009-7331' });
  });
});
