/** The longest prefix of a class or call number that is indexed (`prefixesOf`). */
export const CODE_PREFIX_LENGTH = 32;

/**
 * Every prefix of every code, upper-cased, each once, up to CODE_PREFIX_LENGTH characters: the
 * values the class and call-number indexes hold (migration 0017), so "I24" finds "I242.47/2".
 */
export function prefixesOf(codes: readonly string[]): string[] {
  const prefixes = new Set<string>();
  for (const code of codes) {
    let prefix = '';
    let n = 0;
    for (const ch of code.toUpperCase()) {
      if (++n > CODE_PREFIX_LENGTH) break;
      prefix += ch;
      prefixes.add(prefix);
    }
  }
  return [...prefixes];
}
