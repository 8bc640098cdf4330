import { parseStoredMarc } from '@openfind/marc/stored-marc';
import type { Bean2, BeanKey, Lang, MarcField } from '@openfind/contract';
import type { OriginalScript } from '../catalogue/original-script.js';

/** Labels of the basic-information rows; zh-CN are the real API's. */
const LABELS: Record<BeanKey, Record<Lang, string>> = {
  cnb01: { 'zh-CN': '题名/责任者', 'zh-TW': '題名/責任者', 'en-US': 'Title/Responsibility' },
  cnb02: { 'zh-CN': '版本项', 'zh-TW': '版本項', 'en-US': 'Edition' },
  cnb03: { 'zh-CN': '出版发行项', 'zh-TW': '出版發行項', 'en-US': 'Publication' },
  cnb04: { 'zh-CN': 'ISBN及定价', 'zh-TW': 'ISBN及定價', 'en-US': 'ISBN and price' },
  cnb05: { 'zh-CN': 'ISSN', 'zh-TW': 'ISSN', 'en-US': 'ISSN' },
  cnb10: { 'zh-CN': '载体形态项', 'zh-TW': '載體形態項', 'en-US': 'Physical description' },
  cnb14: { 'zh-CN': '并列正题名', 'zh-TW': '並列正題名', 'en-US': 'Parallel title' },
  cnb20: { 'zh-CN': '其它题名', 'zh-TW': '其它題名', 'en-US': 'Other title' },
  cnb46: { 'zh-CN': '丛编项', 'zh-TW': '叢編項', 'en-US': 'Series' },
  cnb48: { 'zh-CN': '个人责任者', 'zh-TW': '個人責任者', 'en-US': 'Personal author' },
  cnb49: { 'zh-CN': '个人次要责任者', 'zh-TW': '個人次要責任者', 'en-US': 'Other personal author' },
  cnb50: { 'zh-CN': '团体责任者', 'zh-TW': '團體責任者', 'en-US': 'Corporate author' },
  cnb52: { 'zh-CN': '团体次要责任者', 'zh-TW': '團體次要責任者', 'en-US': 'Other corporate author' },
  cnb62: { 'zh-CN': '学科主题', 'zh-TW': '學科主題', 'en-US': 'Subject' },
  cnb67: { 'zh-CN': '中图法分类号', 'zh-TW': '中圖法分類號', 'en-US': 'CLC class number' },
  cnb68: { 'zh-CN': '其它分类号', 'zh-TW': '其它分類號', 'en-US': 'Other class number' },
  cnb71: { 'zh-CN': '一般附注', 'zh-TW': '一般附註', 'en-US': 'General note' },
  cnb78: { 'zh-CN': '丛编附注', 'zh-TW': '叢編附註', 'en-US': 'Series note' },
  cnb81: { 'zh-CN': '相关题名附注', 'zh-TW': '相關題名附註', 'en-US': 'Related title note' },
  cnb96: { 'zh-CN': '提要文摘附注', 'zh-TW': '提要文摘附註', 'en-US': 'Summary' },
  cnb98: { 'zh-CN': '使用对象附注', 'zh-TW': '使用對象附註', 'en-US': 'Target audience' },
};

/** What the rows are built from: the stored record model. */
export interface BeanSource {
  source_format: string;
  title: string;
  other_titles: string[];
  responsibility: string | null;
  authors: string[];
  edition: string | null;
  publisher: string | null;
  publish_place: string | null;
  publish_year: string | null;
  physical_description: string | null;
  isbns: string[];
  invalid_isbns: string[];
  issn: string | null;
  price: string | null;
  clc_classes: string[];
  other_classes: string[];
  subjects: string[];
  series: string[];
  notes: string[];
  abstract: string | null;
}

/** One field of the kept MARC record. */
interface Field {
  tag: string;
  ind1: string;
  ind2: string;
  /** Control fields: one entry with code ''. */
  subfields: Array<[code: string, value: string]>;
  control: boolean;
}

/** The kept record (its stored text in either form, or a marc-in-json object) as a list of fields; [] when there is none. */
export function parseMarc(marc: unknown): { leader: string; fields: Field[] } {
  const record =
    typeof marc === 'string'
      ? parseStoredMarc(marc)
      : marc && typeof marc === 'object'
        ? parseStoredMarc(JSON.stringify(marc))
        : undefined;
  if (!record) return { leader: '', fields: [] };
  const fields = record.fields.map((f): Field =>
    'value' in f
      ? { tag: f.tag, ind1: '', ind2: '', subfields: [['', f.value]], control: true }
      : {
          tag: f.tag,
          ind1: f.ind1,
          ind2: f.ind2,
          subfields: f.subfields.map((s): [string, string] => [s.code, s.value]),
          control: false,
        },
  );
  return { leader: record.leader, fields };
}

/** The MARC view: tag, indicators, `$a value $b value`. */
export function marcView(fields: Field[]): MarcField[] {
  return fields.map((f) => ({
    tag: f.tag,
    ind: f.control ? '' : `${f.ind1}${f.ind2}`,
    value: f.control ? (f.subfields[0]?.[1] ?? '') : f.subfields.map(([c, v]) => `$${c} ${v}`).join(' '),
    ind1: f.control ? '' : f.ind1,
    ind2: f.control ? '' : f.ind2,
    subfields: f.control ? [] : f.subfields.map(([code, value]) => ({ code, value })),
  }));
}

const sub = (f: Field, codes: string) =>
  f.subfields
    .filter(([c]) => codes.includes(c))
    .map(([, v]) => v.trim())
    .filter(Boolean);

/** A name heading as the real API shows it: its parts joined with ',' ('余华,,1960-,著'). */
const nameOf = (f: Field) => sub(f, 'abcdfq4').join(',');

/** A value and, when its field has a paired 880, the 880's value. */
interface Paired {
  text: string;
  original?: string | undefined;
}

/** The 880 paired with each field through $6 ('880-01' in the field, '100-01/$1' in the 880). */
function alternates(fields: Field[]): (f: Field) => Field | undefined {
  const byLink = new Map<string, Field>();
  const linkOf = (f: Field) => /^(\d{3})-(\d{2,})/.exec(f.subfields.find(([c]) => c === '6')?.[1].trim() ?? '');
  for (const f of fields) {
    const m = f.tag === '880' ? linkOf(f) : null;
    if (m && !/^0+$/.test(m[2]!)) byLink.set(`${m[1]}-${m[2]}`, f);
  }
  return (f) => {
    const m = byLink.size && f.tag !== '880' ? linkOf(f) : null;
    return m?.[1] === '880' ? byLink.get(`${f.tag}-${m[2]}`) : undefined;
  };
}

/** Names, parallel titles and notes that only the MARC record distinguishes. */
interface MarcExtras {
  personal: Paired[];
  personalOther: Paired[];
  corporate: Paired[];
  corporateOther: Paired[];
  parallel: string[];
  seriesNotes: string[];
  relatedTitleNotes: string[];
  audience: string[];
}

function marcExtras(format: string, fields: Field[]): MarcExtras | null {
  if (!fields.length) return null;
  const by = (...tags: string[]) => fields.filter((f) => !f.control && tags.includes(f.tag));
  const partner = alternates(fields);
  const names = (...tags: string[]): Paired[] =>
    by(...tags).map((f) => {
      const alt = partner(f);
      return { text: nameOf(f), original: alt ? nameOf(alt) : undefined };
    });
  if (format === 'unimarc') {
    return {
      personal: names('700', '701'),
      personalOther: names('702'),
      corporate: names('710', '711'),
      corporateOther: names('712'),
      parallel: by('510').flatMap((f) => sub(f, 'a')),
      seriesNotes: by('308').flatMap((f) => sub(f, 'a')),
      relatedTitleNotes: by('312').flatMap((f) => sub(f, 'a')),
      audience: by('333').flatMap((f) => sub(f, 'a')),
    };
  }
  return {
    personal: names('100'),
    personalOther: names('700'),
    corporate: names('110', '111'),
    corporateOther: names('710', '711'),
    parallel: by('246')
      .filter((f) => f.ind2 === '1')
      .flatMap((f) => sub(f, 'a')),
    seriesNotes: [],
    relatedTitleNotes: [],
    audience: by('521').flatMap((f) => sub(f, 'a')),
  };
}

const trimEnd = (s: string) => s.replace(/[\s/:;,.=]+$/u, '').trim();

/**
 * The basic-information rows of a record in `lang`, in the order of `BEAN_KEYS`: built from the
 * stored columns, with the distinctions only MARC keeps (name roles, parallel titles, audience)
 * taken from the kept MARC record when there is one. A value with an original-script form
 * (`original`, MARC 880) comes as two rows of the same key: the original first, then the romanised.
 */
export function beanList(
  r: BeanSource,
  marcFields: Field[],
  lang: Lang,
  original: OriginalScript | null = null,
): Bean2[] {
  const rows: Bean2[] = [];
  const add = (key: BeanKey, values: Array<string | null | undefined>) => {
    for (const v of values) {
      const text = (v ?? '').trim();
      if (text) rows.push({ key, description: LABELS[key][lang], fieldVal: text });
    }
  };
  /** Values with their original-script forms: the original's row, then the romanised one's. */
  const addPaired = (key: BeanKey, values: Paired[]) => {
    for (const { text, original: alt } of values) {
      const romanized = text.trim();
      const shown = (alt ?? '').trim();
      if (!shown || shown === romanized) {
        add(key, [romanized]);
        continue;
      }
      const description = LABELS[key][lang];
      rows.push({
        key,
        description,
        fieldVal: shown,
        script: 'original',
        ...(original?.lang ? { lang: original.lang } : {}),
      });
      if (romanized) rows.push({ key, description, fieldVal: romanized, script: 'romanized' });
    }
  };
  const pairOf = (pairs: Array<{ romanized: string; vernacular: string }> | undefined, text: string): Paired => ({
    text,
    original: pairs?.find((p) => p.romanized === text)?.vernacular,
  });
  const extras = marcExtras(r.source_format, marcFields);
  const parallel = new Set(extras?.parallel ?? []);

  const statement = (title: string, responsibility: string | null | undefined) =>
    [trimEnd(title), responsibility?.trim()].filter(Boolean).join('/');
  const titleStatement = statement(r.title, r.responsibility);
  addPaired('cnb01', [
    {
      text: titleStatement,
      original:
        original?.title || original?.responsibility
          ? statement(original.title ?? r.title, original.responsibility ?? r.responsibility)
          : undefined,
    },
  ]);
  addPaired('cnb02', [{ text: r.edition ?? '', original: original?.edition }]);
  const imprintOf = (placeText: string | null | undefined, publisherText: string | null | undefined) => {
    const place = placeText ? trimEnd(placeText) : '';
    const publisher = publisherText ? trimEnd(publisherText) : '';
    const imprint = [place, publisher].filter(Boolean).join(':');
    return [imprint, r.publish_year ?? ''].filter(Boolean).join(',');
  };
  addPaired('cnb03', [
    {
      text: imprintOf(r.publish_place, r.publisher),
      original:
        original?.place || original?.publisher
          ? imprintOf(original.place ?? r.publish_place, original.publisher ?? r.publisher)
          : undefined,
    },
  ]);
  const isbns = [...r.isbns, ...r.invalid_isbns];
  if (isbns.length)
    add(
      'cnb04',
      isbns.map((isbn, i) => (i === 0 && r.price ? `${isbn}/${r.price}` : isbn)),
    );
  else if (r.price) add('cnb04', [`/${r.price}`]);
  add('cnb05', [r.issn]);
  add('cnb10', [r.physical_description]);
  add('cnb14', [...parallel]);
  add(
    'cnb20',
    r.other_titles.filter((t) => !parallel.has(t)),
  );
  addPaired(
    'cnb46',
    r.series.map((s) => pairOf(original?.series, s)),
  );
  if (extras) {
    addPaired('cnb48', extras.personal);
    addPaired('cnb49', extras.personalOther);
    addPaired('cnb50', extras.corporate);
    addPaired('cnb52', extras.corporateOther);
  } else {
    const names = r.authors.map((a) => pairOf(original?.names, a));
    addPaired('cnb48', names.slice(0, 1));
    addPaired('cnb49', names.slice(1));
  }
  addPaired(
    'cnb62',
    r.subjects.map((s) => pairOf(original?.subjects, s)),
  );
  add('cnb67', r.clc_classes);
  add('cnb68', r.other_classes);
  const special = new Set([
    ...(extras?.seriesNotes ?? []),
    ...(extras?.relatedTitleNotes ?? []),
    ...(extras?.audience ?? []),
  ]);
  add(
    'cnb71',
    r.notes.filter((n) => !special.has(n) && n !== r.abstract),
  );
  add('cnb78', extras?.seriesNotes ?? []);
  add('cnb81', extras?.relatedTitleNotes ?? []);
  add('cnb96', [r.abstract]);
  add('cnb98', extras?.audience ?? []);
  return rows;
}
