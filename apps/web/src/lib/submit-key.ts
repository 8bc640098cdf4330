/**
 * A fresh token for one submission of a form (donations, feedback, document delivery…): the server
 * keeps what is sent twice with the same token once, so a double click or a retry makes one.
 */
export function newSubmitKey(prefix: string): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
