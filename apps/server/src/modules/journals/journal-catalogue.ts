import { JOURNAL_INITIALS, normalizeIssn } from '@openfind/contract';
import { foldText, pinyinKeys, sortKey, stripDiacritics } from '@openfind/text';
import type { CoreMarkRow, ETitleRow, PrintSerialRow } from './journal-repository.js';

/**
 * The journals of an institution, built in memory from its serial records and KBART serial lines
 * (pure: no database). A journal is every source that shares an ISSN with another, directly or
 * through a third (a print record with ISSN A, a package line with print A and online B, another
 * package's line with online B only: one journal).
 */
export interface Journal {
  /** The print ISSN, else the online one, else r<record id>, else e<line id>. */
  id: string;
  title: string;
  issn: string;
  eissn: string;
  issns: Set<string>;
  publisher: string;
  publishPlace: string;
  /** The CLC class number as catalogued or as the core list gives it, upper case; '' when none. */
  classCode: string;
  otherTitles: string[];
  lang: string;
  records: PrintSerialRow[];
  lines: ETitleRow[];
  marks: CoreMarkRow[];
  /** A–Z or '#'. */
  initial: string;
  sortKey: string;
  /** Folded title and its pinyin (full and initials), for the words of a search. */
  haystack: string[];
}

/** The initial of a title for the A–Z browse: the pinyin initial of a Chinese one, the letter of a Latin one. */
export function titleInitial(title: string): string {
  const start = title.replace(/^[^\p{L}\p{N}]+/u, '');
  const first = String.fromCodePoint(start.codePointAt(0) ?? 35);
  if (/\p{Script=Han}/u.test(first)) {
    const letter = (pinyinKeys(start.slice(0, 8)).initials[0] ?? '').charAt(0).toUpperCase();
    return /^[A-Z]$/.test(letter) ? letter : '#';
  }
  const letter = stripDiacritics(first).charAt(0).toUpperCase();
  return (JOURNAL_INITIALS as readonly string[]).includes(letter) ? letter : '#';
}

/** The ISSNs a line names. */
function lineIssns(l: ETitleRow): string[] {
  return [l.print_identifier, l.online_identifier].flatMap((v) => {
    const n = v ? normalizeIssn(v) : undefined;
    return n ? [n] : [];
  });
}

/** Builds the journals from the institution's sources. */
export function buildJournals(
  prints: readonly PrintSerialRow[],
  lines: readonly ETitleRow[],
  marks: readonly CoreMarkRow[],
): Journal[] {
  // Union-find over the sources: 'p<record id>' and 'e<line id>'.
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const union = (a: string, b: string) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(rb, ra);
  };
  const byIssn = new Map<string, string>();
  const join = (node: string, issns: string[]) => {
    parent.set(node, node);
    for (const issn of issns) {
      const other = byIssn.get(issn);
      if (other) union(other, node);
      else byIssn.set(issn, node);
    }
  };
  for (const p of prints) join(`p${p.record_id}`, p.issn && normalizeIssn(p.issn) ? [normalizeIssn(p.issn)!] : []);
  for (const l of lines) join(`e${l.id}`, lineIssns(l));

  const groups = new Map<string, { prints: PrintSerialRow[]; lines: ETitleRow[] }>();
  const group = (node: string) => {
    const root = find(node);
    let g = groups.get(root);
    if (!g) groups.set(root, (g = { prints: [], lines: [] }));
    return g;
  };
  for (const p of prints) group(`p${p.record_id}`).prints.push(p);
  for (const l of lines) group(`e${l.id}`).lines.push(l);

  const marksByIssn = new Map<string, CoreMarkRow[]>();
  for (const m of marks) marksByIssn.set(m.issn, [...(marksByIssn.get(m.issn) ?? []), m]);

  const journals: Journal[] = [];
  for (const g of groups.values()) {
    const issns = new Set<string>();
    for (const p of g.prints) if (p.issn && normalizeIssn(p.issn)) issns.add(normalizeIssn(p.issn)!);
    for (const l of g.lines) for (const i of lineIssns(l)) issns.add(i);
    const printIssn =
      [...g.prints.map((p) => (p.issn ? normalizeIssn(p.issn) : null)), ...g.lines.map((l) => printIdOf(l))].find(
        (v): v is string => !!v,
      ) ?? '';
    const eissn =
      g.lines.map((l) => (l.online_identifier ? normalizeIssn(l.online_identifier) : null)).find((v) => v) ?? '';
    // The newest line's title names an electronic-only journal (a title changes over time).
    const newest = [...g.lines].sort((a, b) => (b.coverage_to ?? '9999').localeCompare(a.coverage_to ?? '9999'))[0];
    const print = g.prints[0];
    const title = print?.title || newest?.publication_title || '';
    const journalMarks = [...issns].flatMap((i) => marksByIssn.get(i) ?? []);
    const classCode = (print?.clc_classes[0] || journalMarks.find((m) => m.class_code)?.class_code || '').toUpperCase();
    const pinyin = pinyinKeys(title);
    const minRecord = Math.min(...g.prints.map((p) => p.record_id));
    const minLine = g.lines.map((l) => BigInt(l.id)).reduce((a, b) => (b < a ? b : a), BigInt(Number.MAX_SAFE_INTEGER));
    journals.push({
      id: printIssn || eissn || (g.prints.length ? `r${minRecord}` : `e${minLine}`),
      title,
      issn: printIssn,
      eissn: eissn === printIssn ? '' : eissn,
      issns,
      publisher: print?.publisher || newest?.publisher_name || '',
      publishPlace: print?.publish_place ?? '',
      classCode,
      otherTitles: [...new Set([...(print?.other_titles ?? []), ...g.lines.map((l) => l.publication_title)])].filter(
        (t) => t && t !== title,
      ),
      lang: print?.lang_code ?? '',
      records: g.prints,
      lines: g.lines,
      marks: journalMarks,
      initial: titleInitial(title),
      sortKey: sortKey(title),
      haystack: [foldText(title).replace(/\s+/g, ''), ...pinyin.full, ...pinyin.initials],
    });
  }
  return journals.sort((a, b) => a.sortKey.localeCompare(b.sortKey) || a.id.localeCompare(b.id));
}

const printIdOf = (l: ETitleRow) => (l.print_identifier ? normalizeIssn(l.print_identifier) : null);

/** Whether `j` matches the words of a search (an ISSN is looked up as such). */
export function matchesQuery(j: Journal, q: string): boolean {
  const issn = normalizeIssn(q);
  if (issn) return j.issns.has(issn);
  const folded = foldText(q).replace(/\s+/g, '');
  if (!folded) return true;
  return j.haystack.some((h) => h.includes(folded));
}

/** The ranges of years of a list of years, as text: [2015, 2016, 2017, 2020] → '2015–2017, 2020'. */
export function yearRanges(years: readonly number[]): string {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(i === j ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}
