/**
 * The forms of a phone number and an e-mail address OpenFind accepts: plain functions, free of
 * schemas (auth.ts re-exports them), so that the web app's forms check what the server checks
 * without bringing zod along.
 */

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
