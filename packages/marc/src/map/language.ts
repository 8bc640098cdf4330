const CODE = /^[a-z]{3}$/;

/** A three-letter language code, or undefined for blanks, fill characters ("|||") and shifted data ("ng "). */
export function languageCode(value: string | undefined): string | undefined {
  const code = value?.trim().toLowerCase();
  return code && CODE.test(code) && value?.trim().length === 3 ? code : undefined;
}

/** Splits a run of three-letter codes ("engfre", older 041 practice) into codes. */
export function splitLanguageCodes(value: string): string[] {
  const compact = value.replace(/[\s,;.]/g, '').toLowerCase();
  if (!/^([a-z]{3})+$/.test(compact)) return [];
  return compact.match(/[a-z]{3}/g) ?? [];
}
