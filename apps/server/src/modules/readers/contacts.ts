/** Phone numbers and e-mail addresses of readers: validation and masking. */

// One rule for the server and the web app's forms.
export { isValidEmail, isValidPhone } from '@openfind/contract';

/** 13812340001 → 138****0001. */
export function maskPhone(v: string): string {
  if (v.length < 7) return v.replace(/./g, '*');
  return `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;
}

/** reader@example.org → r***@example.org. */
export function maskEmail(v: string): string {
  const at = v.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${v.slice(0, 1)}***${v.slice(at)}`;
}
