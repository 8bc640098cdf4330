/** Normalises an ISSN to NNNN-NNNC and checks its mod-11 check digit; undefined when it is not one. */
export function checkIssn(raw: string): { issn?: string; invalid?: string } {
  const match = /(\d{4})-?(\d{3}[\dXx])/.exec(raw);
  if (!match) return raw.trim() ? { invalid: raw.trim() } : {};
  const digits = `${match[1]}${match[2]}`.toUpperCase();
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += (8 - i) * Number(digits[i]);
  const check = (11 - (sum % 11)) % 11;
  const expected = check === 10 ? 'X' : String(check);
  const issn = `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return digits[7] === expected ? { issn } : { invalid: issn };
}
