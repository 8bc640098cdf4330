import { isValidEmail, isValidPhone, passwordProblem, passwordStrength } from '@openfind/contract';
import type { PasswordRule } from '@openfind/contract';

/** What is wrong with a new password, as a message key under `validation` (or null). */
export type NewPasswordIssue = 'newPasswordRequired' | 'rule1' | 'rule2' | 'equalsAccount' | 'sameAsOld';

/**
 * Checks a new password as the server will (spec §5): the institution's rule (`passwordCheck` 1 or 2),
 * not equal to the account or card number, not equal to the current password when it is known.
 */
export function newPasswordIssue(
  password: string,
  opts: { rule: PasswordRule; accounts: readonly string[]; currentPassword?: string },
): NewPasswordIssue | null {
  if (!password) return 'newPasswordRequired';
  const ids = opts.accounts.filter(Boolean);
  for (const id of ids.length ? ids : ['']) {
    const problem = passwordProblem(password, opts.rule, id);
    if (problem === 'rule') return opts.rule === '1' ? 'rule1' : 'rule2';
    if (problem === 'equalsAccount') return 'equalsAccount';
  }
  if (opts.currentPassword && password === opts.currentPassword) return 'sameAsOld';
  return null;
}

/** The confirmation of a new password: required and equal. */
export function confirmIssue(password: string, confirm: string): 'confirmRequired' | 'confirmMismatch' | null {
  if (!confirm) return 'confirmRequired';
  return confirm === password ? null : 'confirmMismatch';
}

/** Where a verification code can be sent. */
export type ContactKind = 'mail' | 'phone';

/** A new e-mail address or phone number (spec §5: both must be valid). */
export function contactIssue(
  kind: ContactKind,
  value: string,
): 'emailRequired' | 'emailInvalid' | 'phoneRequired' | 'phoneInvalid' | null {
  const v = value.trim();
  if (kind === 'mail') return !v ? 'emailRequired' : isValidEmail(v) ? null : 'emailInvalid';
  return !v ? 'phoneRequired' : isValidPhone(v) ? null : 'phoneInvalid';
}

/** The strength meter's levels (spec §5 strength helper), by score 0–3. */
export const STRENGTH_LEVELS = ['empty', 'weak', 'medium', 'strong'] as const;
export type StrengthLevel = (typeof STRENGTH_LEVELS)[number];

/** The meter level of a password. */
export function strengthLevel(password: string): StrengthLevel {
  return STRENGTH_LEVELS[passwordStrength(password)];
}
