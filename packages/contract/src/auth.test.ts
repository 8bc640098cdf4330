import { describe, expect, it } from 'vitest';
import { LoginRequest, passwordProblem, passwordStrength } from './auth.js';

describe('password rules (spec §5)', () => {
  it('rule 1: 8 or more with a letter and a digit', () => {
    expect(passwordProblem('abc12345', '1', 'reader')).toBeNull();
    expect(passwordProblem('abc1234', '1', 'reader')).toBe('rule');
    expect(passwordProblem('abcdefgh', '1', 'reader')).toBe('rule');
    expect(passwordProblem('12345678', '1', 'reader')).toBe('rule');
  });

  it('rule 2: 8 or more with three of upper, lower, digit, other, and not the account', () => {
    expect(passwordProblem('Abcdefg1', '2', 'reader')).toBeNull();
    expect(passwordProblem('abcdefg1', '2', 'reader')).toBe('rule');
    expect(passwordProblem('abc-efg1', '2', 'reader')).toBeNull();
    expect(passwordProblem('Reader2026', '2', 'reader2026')).toBe('equalsAccount');
    expect(passwordProblem('x'.repeat(129) + 'A1', '2', '')).toBe('rule');
  });

  it('strength helper: 0 empty, 1 weak, 2 letters+digits 6+, 3 three classes 8+', () => {
    expect([
      passwordStrength(''),
      passwordStrength('abc'),
      passwordStrength('abc123'),
      passwordStrength('Abc12345'),
    ]).toEqual([0, 1, 2, 3]);
    expect(passwordStrength('abcdefgh')).toBe(1);
  });
});

describe('login request', () => {
  it('takes what real clients send: numbers as strings, null fields, extra fields', () => {
    const r = LoginRequest.parse({ username: 20240001, password: 'x', verifyCode: null, codeKey: 'k', extra: 1 });
    expect(r).toMatchObject({ username: '20240001', verifyCode: '', uid: '', nextpath: '' });
  });
});
