/**
 * Strict readers of the RIS and BibTeX the exporters write, so that tests (unit and end-to-end) check
 * that a downloaded file is well formed and holds what the record holds. They throw on anything a
 * reference manager would choke on.
 */

/** A RIS reference: its type and the values of each tag, in order. */
export type RisReference = { type: string; fields: Record<string, string[]> };

/** Reads RIS text: every line is `TG  - value` (or empty); each reference opens with TY and closes with ER. */
export function parseRis(text: string): RisReference[] {
  const references: RisReference[] = [];
  let current: RisReference | null = null;
  text.split(/\r?\n/).forEach((line, index) => {
    if (line === '') return;
    const match = /^([A-Z][A-Z0-9]) {2}- ?(.*)$/.exec(line);
    if (!match) throw new Error(`RIS line ${index + 1} is not "TG  - value": ${JSON.stringify(line)}`);
    const [, tag, value] = match as unknown as [string, string, string];
    if (tag === 'TY') {
      if (current) throw new Error(`RIS line ${index + 1}: TY before the previous ER`);
      current = { type: value, fields: {} };
    } else if (!current) {
      throw new Error(`RIS line ${index + 1}: ${tag} outside a reference`);
    } else if (tag === 'ER') {
      references.push(current);
      current = null;
    } else {
      (current.fields[tag] ??= []).push(value);
    }
  });
  if (current) throw new Error('RIS: the last reference has no ER');
  return references;
}

/** A BibTeX entry with its field values as written (still escaped). */
export type BibtexEntry = { type: string; key: string; fields: Record<string, string> };

/** Reads BibTeX entries whose values are braced; throws on unbalanced braces or stray text. */
export function parseBibtex(text: string): BibtexEntry[] {
  const entries: BibtexEntry[] = [];
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const expect = (ch: string) => {
    skipSpace();
    if (text[at] !== ch) throw new Error(`BibTeX: expected "${ch}" at ${at}, found ${JSON.stringify(text[at])}`);
    at++;
  };
  const word = () => {
    skipSpace();
    const match = /^[A-Za-z0-9_:\-.]+/.exec(text.slice(at));
    if (!match) throw new Error(`BibTeX: expected a name at ${at}`);
    at += match[0].length;
    return match[0];
  };
  const bracedValue = () => {
    expect('{');
    const start = at;
    let depth = 1;
    while (at < text.length) {
      const ch = text[at]!;
      if (ch === '\\') at += 2;
      else {
        if (ch === '{') depth++;
        if (ch === '}' && --depth === 0) break;
        at++;
      }
    }
    if (depth !== 0) throw new Error('BibTeX: unbalanced braces');
    const value = text.slice(start, at);
    at++;
    return value;
  };
  skipSpace();
  while (at < text.length) {
    expect('@');
    const type = word().toLowerCase();
    expect('{');
    const key = word();
    const fields: Record<string, string> = {};
    skipSpace();
    while (text[at] === ',') {
      at++;
      skipSpace();
      if (text[at] === '}') break;
      const name = word().toLowerCase();
      expect('=');
      if (name in fields) throw new Error(`BibTeX: field ${name} twice`);
      fields[name] = bracedValue();
      skipSpace();
    }
    expect('}');
    entries.push({ type, key, fields });
    skipSpace();
  }
  return entries;
}

/** Undoes the escaping of `escapeBibtex` (for comparing a value with the record's text). */
export function unescapeBibtex(value: string): string {
  // One pass, so that an escaped backslash is never read again as the start of another escape.
  return value.replace(
    /\\textbackslash\{\}|\\([\^~])\{\}|\\([{}&%$#_])/g,
    (_m, accent?: string, ch?: string) => accent ?? ch ?? '\\',
  );
}
