/** Phone numbers and e-mail addresses of readers: validation and masking. */

/** A mainland mobile number (11 digits from 1[3-9]) or an international one (+ and 7–15 digits). */
export function isValidPhone(v: string): boolean {
  return /^1[3-9]\d{9}$/.test(v) || /^\+[1-9]\d{6,14}$/.test(v);
}

/** A plain e-mail address (what a mail server accepts; no display names). */
export function isValidEmail(v: string): boolean {
  return (
    v.length <= 200 && /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)+$/.test(v)
  );
}

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
