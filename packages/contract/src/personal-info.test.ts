import { describe, expect, it } from 'vitest';
import {
  idNumberProblem,
  imageKindOf,
  maskIdNumber,
  normaliseIdNumber,
  residentIdCheckCharacter,
  UpdatePersonalInfoRequest,
} from './personal-info.js';

/** A resident number of this region, birth date and sequence with its right check character. */
const resident = (region: string, birth: string, seq: string) => {
  const first = `${region}${birth}${seq}`;
  return first + residentIdCheckCharacter(first);
};
const TODAY = new Date(2026, 4, 20);

describe('the resident identity number (GB 11643, spec §5)', () => {
  it('takes the published example and numbers whose check character is X', () => {
    // The standard's own example: 11010519491231002X.
    expect(idNumberProblem('resident', '11010519491231002X', TODAY)).toBeNull();
    expect(idNumberProblem('resident', '11010519491231002x', TODAY)).toBeNull();
    expect(idNumberProblem('resident', ' 110105 19491231 002X ', TODAY)).toBeNull();
    expect(residentIdCheckCharacter('11010519491231002')).toBe('X');
    expect(idNumberProblem('resident', '440524188001010014', TODAY)).toBe('birthDate');
    expect(idNumberProblem('resident', resident('440524', '19800101', '001'), TODAY)).toBeNull();
  });

  it('refuses a number whose check character does not match (one digit mistyped)', () => {
    expect(idNumberProblem('resident', '110105194912310021', TODAY)).toBe('checkDigit');
    expect(idNumberProblem('resident', '11010519491231003X', TODAY)).toBe('checkDigit');
    // Two neighbouring digits swapped.
    expect(idNumberProblem('resident', '11010519491213002X', TODAY)).toBe('checkDigit');
  });

  it('refuses a birth date that is not a real day, before 1900 or in the future', () => {
    expect(idNumberProblem('resident', resident('110105', '20230229', '001'), TODAY)).toBe('birthDate');
    expect(idNumberProblem('resident', resident('110105', '20240229', '001'), TODAY)).toBeNull();
    expect(idNumberProblem('resident', resident('110105', '19991301', '001'), TODAY)).toBe('birthDate');
    expect(idNumberProblem('resident', resident('110105', '19990431', '001'), TODAY)).toBe('birthDate');
    expect(idNumberProblem('resident', resident('110105', '19990400', '001'), TODAY)).toBe('birthDate');
    expect(idNumberProblem('resident', resident('110105', '18991231', '001'), TODAY)).toBe('birthDate');
    expect(idNumberProblem('resident', resident('110105', '20260520', '001'), TODAY)).toBeNull();
    expect(idNumberProblem('resident', resident('110105', '20260521', '001'), TODAY)).toBe('birthDate');
  });

  it('refuses other lengths, letters and unknown regions, and names the 15-digit first-generation form', () => {
    expect(idNumberProblem('resident', '', TODAY)).toBe('required');
    expect(idNumberProblem('resident', '   ', TODAY)).toBe('required');
    expect(idNumberProblem('resident', '110105491231002', TODAY)).toBe('oldFormat');
    expect(idNumberProblem('resident', '1101051949123100', TODAY)).toBe('format');
    expect(idNumberProblem('resident', '1101051949123100212', TODAY)).toBe('format');
    expect(idNumberProblem('resident', '11010519491231A02X', TODAY)).toBe('format');
    expect(idNumberProblem('resident', 'X10105194912310021', TODAY)).toBe('format');
    expect(idNumberProblem('resident', resident('000000', '19800101', '001'), TODAY)).toBe('format');
    expect(idNumberProblem('resident', resident('990000', '19800101', '001'), TODAY)).toBe('format');
  });

  it('takes the 18-character residence permits and the foreigner permanent residence card', () => {
    expect(idNumberProblem('resident', resident('810000', '19900101', '123'), TODAY)).toBeNull();
    expect(idNumberProblem('resident', resident('830000', '19900101', '123'), TODAY)).toBeNull();
    expect(idNumberProblem('resident', resident('911156', '19900101', '123'), TODAY)).toBeNull();
  });
});

describe('the other certificates', () => {
  it('checks each form', () => {
    expect(idNumberProblem('passport', 'E12345678')).toBeNull();
    expect(idNumberProblem('passport', 'ea1234567')).toBeNull();
    expect(idNumberProblem('passport', 'E123')).toBe('format');
    expect(idNumberProblem('passport', 'E1234-5678')).toBe('format');
    expect(idNumberProblem('hkmo', 'H12345678')).toBeNull();
    expect(idNumberProblem('hkmo', 'M1234567890')).toBeNull();
    expect(idNumberProblem('hkmo', 'K12345678')).toBe('format');
    expect(idNumberProblem('tw', '12345678')).toBeNull();
    expect(idNumberProblem('tw', '1234567')).toBe('format');
    expect(idNumberProblem('other', 'ab-1234')).toBeNull();
    expect(idNumberProblem('other', 'a!')).toBe('format');
    expect(idNumberProblem('other', 'A'.repeat(31))).toBe('format');
    expect(idNumberProblem('other', '')).toBe('required');
  });

  it('normalises spaces and case', () => {
    expect(normaliseIdNumber(' e 1234 5678 ')).toBe('E12345678');
  });
});

describe('masking and the avatar check', () => {
  it('shows only the ends of a certificate number', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
    expect(maskIdNumber('E12345678')).toBe('E12**5678');
    expect(maskIdNumber('12345678')).toBe('1*****78');
    expect(maskIdNumber('1234')).toBe('****');
    expect(maskIdNumber('')).toBe('');
  });

  it('knows a JPEG and a PNG by their first bytes, nothing else', () => {
    expect(imageKindOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(imageKindOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageKindOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(imageKindOf(new TextEncoder().encode('RIFF\0\0\0\0WEBP'))).toBeNull();
    expect(imageKindOf(Uint8Array.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(imageKindOf(new Uint8Array())).toBeNull();
  });

  it('reads the update leniently: flags in every form, absent fields unchanged', () => {
    expect(UpdatePersonalInfoRequest.parse({})).toEqual({ idNumber: '' });
    expect(UpdatePersonalInfoRequest.parse({ transferLendFlag: '1', borrowPasswordFlag: 0 })).toMatchObject({
      transferLendFlag: true,
      borrowPasswordFlag: false,
    });
    expect(() => UpdatePersonalInfoRequest.parse({ idType: 'visa' })).toThrow();
  });
});
