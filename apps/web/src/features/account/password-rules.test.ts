import { describe, expect, it } from 'vitest';
import { confirmIssue, contactIssue, newPasswordIssue, strengthLevel } from './password-rules';

describe('new password (spec §5)', () => {
  const rule1 = { rule: '1' as const, accounts: ['reader', 'D0001'] };
  const rule2 = { rule: '2' as const, accounts: ['reader', 'D0001'] };

  it('is required', () => {
    expect(newPasswordIssue('', rule1)).toBe('newPasswordRequired');
  });

  it('rule 1: letters and digits, 8 or more', () => {
    expect(newPasswordIssue('abc1234', rule1)).toBe('rule1');
    expect(newPasswordIssue('abcdefgh', rule1)).toBe('rule1');
    expect(newPasswordIssue('abcd1234', rule1)).toBeNull();
  });

  it('rule 2: three of upper, lower, digit, special, 8 or more', () => {
    expect(newPasswordIssue('abcd1234', rule2)).toBe('rule2');
    expect(newPasswordIssue('Abcd1234', rule2)).toBeNull();
    expect(newPasswordIssue('abc-1234', rule2)).toBeNull();
  });

  it('may not equal the account or the card number, in any case', () => {
    expect(newPasswordIssue('Reader2026', { rule: '2', accounts: ['reader2026'] })).toBe('equalsAccount');
    expect(newPasswordIssue('Card12345', { rule: '1', accounts: ['reader', 'card12345'] })).toBe('equalsAccount');
  });

  it('may not equal the current password', () => {
    expect(newPasswordIssue('Reader2026', { ...rule1, currentPassword: 'Reader2026' })).toBe('sameAsOld');
    expect(newPasswordIssue('Reader2027', { ...rule1, currentPassword: 'Reader2026' })).toBeNull();
  });

  it('works without a known account', () => {
    expect(newPasswordIssue('abcd1234', { rule: '1', accounts: [] })).toBeNull();
  });
});

describe('confirmation', () => {
  it('is required and must match', () => {
    expect(confirmIssue('abcd1234', '')).toBe('confirmRequired');
    expect(confirmIssue('abcd1234', 'abcd1235')).toBe('confirmMismatch');
    expect(confirmIssue('abcd1234', 'abcd1234')).toBeNull();
  });
});

describe('contacts', () => {
  it('e-mail: required and valid', () => {
    expect(contactIssue('mail', ' ')).toBe('emailRequired');
    expect(contactIssue('mail', 'reader@')).toBe('emailInvalid');
    expect(contactIssue('mail', 'reader@example.org')).toBeNull();
  });

  it('phone: required and valid (mainland or international)', () => {
    expect(contactIssue('phone', '')).toBe('phoneRequired');
    expect(contactIssue('phone', '12345')).toBe('phoneInvalid');
    expect(contactIssue('phone', '13812340001')).toBeNull();
    expect(contactIssue('phone', '+85291234567')).toBeNull();
  });
});

describe('strength meter', () => {
  it('maps the helper score 0–3 to a level', () => {
    expect(['', 'abc', 'abc123', 'Abc12345'].map(strengthLevel)).toEqual(['empty', 'weak', 'medium', 'strong']);
  });
});
