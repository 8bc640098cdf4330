import { sql, type Kysely } from 'kysely';
import type { MarcJson } from '@openfind/marc';
import type { Database } from '../db/schema.js';
import type { ItemInput, RecordInput } from '../modules/catalogue/record-input.js';
import { storeRecords } from '../modules/catalogue/catalogue-repository.js';
import { addJournalViews, replaceCoreMarks } from '../modules/journals/journal-repository.js';
import { demoMarc } from './demo-marc.js';

/**
 * Demo journal navigation (issue 30): the print journals of a Chinese university library (serial
 * records with their bound volumes of the last years), electronic coverage of them in the packages
 * of CNKI, Wanfang, ScienceDirect, IEEE Xplore and Nature (KBART serial lines, with a gap, embargoes
 * and a title change), their marks in the core lists (北大核心, CSSCI, CSCD, SCI, SSCI, EI, the
 * library's own) and a month of page views for the hot journals.
 */

/** [title, ISSN, eISSN, publisher, place, CLC class, frequency (008/18), language, marks 'LIST:edition'…]. */
type DemoJournal = [string, string, string, string, string, string, string, string, string[]];

// prettier-ignore
const JOURNALS: DemoJournal[] = [
  ['中国社会科学', '1002-4921', '', '中国社会科学杂志社', '北京', 'C55', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024', 'LIB1:']],
  ['计算机学报', '0254-4164', '', '科学出版社', '北京', 'TP3', 'm', 'chi', ['PKU:2023', 'CSCD:2023-2024', 'EI:2024', 'LIB1:']],
  ['软件学报', '1000-9825', '', '中国科学院软件研究所', '北京', 'TP31', 'm', 'chi', ['PKU:2023', 'CSCD:2023-2024', 'EI:2024']],
  ['经济研究', '0577-9154', '', '经济研究杂志社', '北京', 'F12', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['管理世界', '1002-5502', '', '管理世界杂志社', '北京', 'F2', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['中国图书馆学报', '1001-8867', '', '国家图书馆', '北京', 'G25', 'b', 'chi', ['PKU:2023', 'CSSCI:2023-2024', 'LIB1:']],
  ['图书情报工作', '0252-3116', '', '中国科学院文献情报中心', '北京', 'G25', 'e', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['大学图书馆学报', '1002-1027', '', '北京大学', '北京', 'G258.6', 'b', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['物理学报', '1000-3290', '', '中国物理学会', '北京', 'O4', 'e', 'chi', ['PKU:2023', 'CSCD:2023-2024', 'SCI:2024']],
  ['化学学报', '0567-7351', '', '中国化学会', '上海', 'O6', 'm', 'chi', ['PKU:2023', 'CSCD:2023-2024', 'SCI:2024']],
  ['历史研究', '0459-1909', '', '中国社会科学杂志社', '北京', 'K207', 'b', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['哲学研究', '1000-0216', '', '中国社会科学院哲学研究所', '北京', 'B2', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['法学研究', '1002-896X', '', '中国社会科学院法学研究所', '北京', 'D9', 'b', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['教育研究', '1002-5731', '', '中国教育科学研究院', '北京', 'G4', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024', 'LIB2:']],
  ['心理学报', '0439-755X', '', '科学出版社', '北京', 'B84', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024', 'CSCD:2023-2024']],
  ['中华医学杂志', '0376-2491', '', '中华医学会', '北京', 'R', 'w', 'chi', ['PKU:2023', 'CSCD:2023-2024']],
  ['电子学报', '0372-2112', '', '中国电子学会', '北京', 'TN', 'm', 'chi', ['PKU:2023', 'CSCD:2023-2024', 'EI:2024']],
  ['自动化学报', '0254-4156', '', '科学出版社', '北京', 'TP13', 'm', 'chi', ['PKU:2023', 'CSCD:2023-2024', 'EI:2024']],
  ['中国农业科学', '0578-1752', '', '中国农业科学院', '北京', 'S', 'e', 'chi', ['PKU:2023', 'CSCD:2023-2024']],
  ['地理学报', '0375-5444', '', '科学出版社', '北京', 'P9', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024', 'CSCD:2023-2024']],
  ['外国语', '1004-5139', '', '上海外国语大学', '上海', 'H3', 'b', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['文学评论', '0511-4683', '', '中国社会科学院文学研究所', '北京', 'I206', 'b', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['Nature', '0028-0836', '1476-4687', 'Nature Portfolio', 'London', 'N', 'w', 'eng', ['SCI:2024', 'LIB2:']],
  ['Science', '0036-8075', '1095-9203', 'American Association for the Advancement of Science', 'Washington', 'N', 'w', 'eng', ['SCI:2024']],
  ['The Lancet', '0140-6736', '1474-547X', 'Elsevier', 'London', 'R', 'w', 'eng', ['SCI:2024']],
  ['IEEE Transactions on Pattern Analysis and Machine Intelligence', '0162-8828', '1939-3539', 'IEEE Computer Society', 'Los Alamitos', 'TP18', 'm', 'eng', ['SCI:2024', 'EI:2024']],
  ['Journal of the American Chemical Society', '0002-7863', '1520-5126', 'American Chemical Society', 'Washington', 'O6', 'w', 'eng', ['SCI:2024']],
  ['Physical Review Letters', '0031-9007', '1079-7114', 'American Physical Society', 'College Park', 'O4', 'w', 'eng', ['SCI:2024']],
  ['马克思主义研究', '1006-5199', '', '中国社会科学院马克思主义研究院', '北京', 'A8', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['文艺研究', '0257-5876', '', '中国艺术研究院', '北京', 'J0', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['生态学报', '1000-0933', '', '科学出版社', '北京', 'Q14', 's', 'chi', ['PKU:2023', 'CSCD:2023-2024']],
  ['中国公路学报', '1001-7372', '', '中国公路学会', '西安', 'U4', 'm', 'chi', ['PKU:2023', 'CSCD:2023-2024', 'EI:2024']],
  ['航空学报', '1000-6893', '', '中国航空学会', '北京', 'V2', 'm', 'chi', ['PKU:2023', 'CSCD:2023-2024', 'EI:2024']],
  ['中国环境科学', '1000-6923', '', '中国环境科学学会', '北京', 'X', 'm', 'chi', ['PKU:2023', 'CSCD:2023-2024']],
  ['中国语文', '0578-1949', '', '中国社会科学院语言研究所', '北京', 'H1', 'b', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['中国法学', '1003-1707', '', '中国法学会', '北京', 'D920', 'b', 'chi', ['PKU:2023', 'CSSCI:2023-2024', 'LIB1:']],
  ['中国工业经济', '1006-480X', '', '中国社会科学院工业经济研究所', '北京', 'F4', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['中国行政管理', '1006-0863', '', '中国行政管理学会', '北京', 'D63', 'm', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['中国史研究', '1002-7963', '', '中国社会科学院古代史研究所', '北京', 'K22', 'q', 'chi', ['PKU:2023', 'CSSCI:2023-2024']],
  ['中国科学院院刊', '1000-3045', '', '中国科学院', '北京', 'N', 'm', 'chi', ['CSCD:2023-2024']],
  ['中国中药杂志', '1001-5302', '', '中国药学会', '北京', 'R28', 's', 'chi', ['PKU:2023', 'CSCD:2023-2024']],
  ['中国电机工程学报', '0258-8013', '', '中国电机工程学会', '北京', 'TM', 's', 'chi', ['PKU:2023', 'CSCD:2023-2024', 'EI:2024']],
  ['计算机研究与发展', '1000-1239', '', '科学出版社', '北京', 'TP3', 'm', 'chi', ['PKU:2023', 'CSCD:2023-2024', 'EI:2024']],
  ['Cell', '0092-8674', '1097-4172', 'Cell Press', 'Cambridge, Mass.', 'Q2', 'e', 'eng', ['SCI:2024']],
  ['The New England Journal of Medicine', '0028-4793', '1533-4406', 'Massachusetts Medical Society', 'Boston', 'R', 'w', 'eng', ['SCI:2024', 'LIB2:']],
  ['Communications of the ACM', '0001-0782', '1557-7317', 'Association for Computing Machinery', 'New York', 'TP3', 'm', 'eng', ['SCI:2024', 'EI:2024']],
  ['College & Research Libraries', '0010-0870', '2150-6701', 'Association of College and Research Libraries', 'Chicago', 'G25', 'b', 'eng', ['SSCI:2024']],
];

/** Electronic-only journals: [title, ISSN, eISSN, publisher, CLC class, marks]. */
// prettier-ignore
const E_ONLY: Array<[string, string, string, string, string, string[]]> = [
  ['情报学报', '1000-0135', '', '中国科学技术情报学会', 'G35', ['PKU:2023', 'CSSCI:2023-2024']],
  ['数据分析与知识发现', '2096-3467', '', '中国科学院文献情报中心', 'G35', ['PKU:2023', 'CSSCI:2023-2024']],
  ['Artificial Intelligence', '0004-3702', '1872-7921', 'Elsevier', 'TP18', ['SCI:2024', 'EI:2024']],
  ['Information Processing & Management', '0306-4573', '1873-5371', 'Elsevier', 'G35', ['SCI:2024']],
  ['Journal of the Association for Information Science and Technology', '2330-1635', '2330-1643', 'Wiley', 'G25', ['SCI:2024']],
  ['Journal of the American Society for Information Science and Technology', '1532-2882', '1532-2890', 'Wiley', 'G25', []],
];

/** A package line: [package code, database name, title, ISSN, eISSN, from, to, embargo, url, title id, preceding id]. */
type Line = [string, string, string, string, string, string, string | null, string, string, string, string];

const CNKI = 'OF_CNKI_CJFD';
const WANFANG = 'OF_Wanfang_Perio';
const SD = 'OF_Elsevier_ScienceDirect';
const IEEE = 'OF_IEEE_Xplore_Journals';
const NATURE = 'OF_Nature_Journals';
const WILEY = 'OF_Wiley_Journals';
const PACKAGE_DB: Record<string, string> = {
  [CNKI]: '中国知网（CNKI）',
  [WANFANG]: '万方数据知识服务平台',
  [SD]: 'ScienceDirect 电子期刊',
  [IEEE]: 'IEEE Xplore 数字图书馆',
  [NATURE]: 'Nature 系列期刊',
  [WILEY]: 'Wiley Online Library',
};

/** A line of CNKI's journal package (its link is the journal's page in CNKI's navigation). */
const cnki = (title: string, issn: string, eissn: string, from: string, to: string | null, embargo = ''): Line => [
  CNKI,
  '',
  title,
  issn,
  eissn,
  from,
  to,
  embargo,
  `https://navi.cnki.net/knavi/journals/${issn}`,
  `cnki-${issn}`,
  '',
];

function packageLines(): Line[] {
  const lines: Line[] = [];
  JOURNALS.forEach(([title, issn, eissn], n) => {
    if (/^[\u4e00-\u9fff]/.test(title)) {
      // CNKI's coverage of one journal in two ranges (a gap of 2006–2007), the newest year embargoed for some.
      if (n % 4 === 1) {
        lines.push(cnki(title, issn, '', '1994-01-01', '2005-12-31'));
        lines.push(cnki(title, issn, '', '2008-01-01', null, n % 8 === 1 ? 'R1Y' : ''));
      } else {
        lines.push(cnki(title, issn, '', '1994-01-01', null));
      }
      if (n % 3 === 0)
        // prettier-ignore
        lines.push([WANFANG, '', title, issn, '', '1998-01-01', null, n % 6 === 0 ? 'R6M' : '', `https://www.wanfangdata.com.cn/perio/detail.do?perio_id=${issn}`, `wf-${issn}`, '']);
    } else if (title === 'Nature') {
      lines.push([
        NATURE,
        '',
        title,
        issn,
        eissn,
        '1869-11-04',
        null,
        '',
        'https://www.nature.com/nature/',
        'nature',
        '',
      ]);
    } else if (title.startsWith('IEEE')) {
      // prettier-ignore
      lines.push([IEEE, '', title, issn, eissn, '1979-01-01', null, '', 'https://ieeexplore.ieee.org/xpl/RecentIssue.jsp?punumber=34', '34', '']);
    } else if (title === 'The Lancet') {
      // prettier-ignore
      lines.push([SD, '', title, issn, eissn, '1995-01-07', null, 'R1Y', 'https://www.sciencedirect.com/journal/the-lancet', 'lancet', '']);
    } else if (title === 'Cell') {
      // prettier-ignore
      lines.push([SD, '', title, issn, eissn, '1995-01-06', null, '', 'https://www.sciencedirect.com/journal/cell', 'cell', '']);
    }
  });
  for (const [title, issn, eissn] of E_ONLY) {
    if (/^[\u4e00-\u9fff]/.test(title)) {
      lines.push(cnki(title, issn, eissn, '2000-01-01', null));
    } else if (title.startsWith('Journal of the A')) {
      const old = title.includes('Society');
      // prettier-ignore
      lines.push([
        WILEY, '', title, issn, eissn, old ? '2001-01-01' : '2014-01-01', old ? '2013-12-31' : null, '',
        `https://asistdl.onlinelibrary.wiley.com/journal/${eissn.replace('-', '')}`, old ? 'asist-old' : 'asist', old ? '' : 'asist-old',
      ]);
    } else {
      // prettier-ignore
      lines.push([SD, '', title, issn, eissn, '1995-01-01', null, '', `https://www.sciencedirect.com/search?qs=${encodeURIComponent(title)}`, `sd-${issn}`, '']);
    }
  }
  return lines;
}

/** Replaces 008/18 (frequency) and adds 022 (ISSN) to the demo MARC of a serial. */
function serialMarc(marc: MarcJson, frequency: string, issn: string): MarcJson {
  const fields = marc.fields.map((f) => {
    const v = f['008'];
    return typeof v === 'string' ? { '008': v.slice(0, 18) + frequency + v.slice(19) } : f;
  });
  fields.splice(3, 0, { '022': { ind1: ' ', ind2: ' ', subfields: [{ a: issn }] } });
  return { ...marc, fields };
}

/** Seeds an institution's demo journals; returns how many journals it has. */
export async function seedDemoJournals(db: Kysely<Database>, tenantId: number): Promise<number> {
  const places = (
    await sql<{ libCode: string; campusId: string; locationId: string; name: string; type: string }>`
      SELECT c.lib_code AS "libCode", l.campus_id AS "campusId", l.location_id AS "locationId", l.name,
             l.location_type_code AS type
        FROM location l JOIN campus c ON c.tenant_id = l.tenant_id AND c.campus_id = l.campus_id
       WHERE l.tenant_id = ${tenantId} ORDER BY l.seq`.execute(db)
  ).rows.map(({ name, type, ...place }) => ({ place, name, type }));
  // The last two years in a journals reading room (the medical one for medicine), older volumes in the back-issue stacks.
  const anyPlace = { libCode: '', campusId: '', locationId: '' };
  const roomOf = (clc: string, n: number) =>
    (clc.startsWith('R') ? places.find((p) => p.name.includes('医学期刊')) : undefined)?.place ??
    places.find((p) => p.name.includes('期刊') && !p.name.includes('医学'))?.place ??
    places[n % Math.max(1, places.length)]?.place ??
    anyPlace;
  const stacks = places.find((p) => p.type === '5')?.place;
  const today = new Date();
  const year = today.getFullYear();
  const records: RecordInput[] = JOURNALS.map(([title, issn, , publisher, place, clc, freq, lang], n) => {
    const items: ItemInput[] = [];
    const room = roomOf(clc, n);
    const callNo = `${clc}/${100 + n}`;
    for (let y = year - 6; y < year; y++)
      for (const [k, vol] of ['1-6期', '7-12期'].entries()) {
        const where = y >= year - 2 ? room : (stacks ?? room);
        items.push({
          barcode: `J${String(n).padStart(3, '0')}${y}${k}`,
          callNo,
          ...where,
          curLocationId: where.locationId,
          vol: `${y - 1950}卷${vol}`,
          year: String(y),
          processTypeCode: (n + y + k) % 7 === 0 ? '412' : '411',
          circAttr: '1',
          inDate: `${y + 1}-02-15`,
        });
      }
    const record: RecordInput = {
      sourceKey: `demo-journal:${issn}`,
      sourceFormat: 'demo',
      title,
      author: publisher,
      authors: [publisher],
      publisher,
      publishPlace: place,
      publishYear: '1950',
      publishYearInt: 1950,
      issn,
      clcClasses: [clc],
      callNumbers: [callNo],
      subjects: [],
      langCode: lang,
      countryCode: lang === 'chi' ? 'CN' : 'US',
      docCode: '2',
      items,
    };
    record.marc = serialMarc(demoMarc(record, `OFJ${String(n).padStart(7, '0')}`, today), freq, issn);
    return record;
  });
  // A few dozen records: analysed here, without starting the import's analysis workers.
  await storeRecords(db, tenantId, records);

  // The packages' lines, linked to the discovery seed's databases when the institution has them.
  const dbs = new Map(
    (
      await sql<{ id: number; name: string }>`SELECT id, name FROM e_collection WHERE tenant_id = ${tenantId}`.execute(
        db,
      )
    ).rows.map((r) => [r.name, r.id]),
  );
  const values = packageLines().map(([pkg, , title, issn, eissn, from, to, embargo, url, titleId, preceding], n) => {
    const embargoMonths = embargo
      ? embargo.endsWith('Y')
        ? 12 * Number(embargo.slice(1, -1))
        : Number(embargo.slice(1, -1))
      : null;
    return sql`(${tenantId}, ${dbs.get(PACKAGE_DB[pkg]!) ?? null}, ${pkg}, ${n + 1}, 'serial', ${title},
        ${issn || null}, ${eissn || null}, ${from.slice(0, 4)}, ${to ? to.slice(0, 4) : null}, ${from}::date,
        ${to}::date, ${url}, ${titleId}, ${embargo || null}, ${embargoMonths}::int, 'fulltext', null,
        ${preceding || null}, 'P')`;
  });
  // One statement for all the lines (a statement each made this the slowest part of the demo seed).
  await sql`INSERT INTO e_title (tenant_id, collection_id, package_code, line_no, publication_type, publication_title,
      print_identifier, online_identifier, date_first_issue_online, date_last_issue_online, coverage_from, coverage_to,
      title_url, title_id, embargo_info, embargo_months, coverage_depth, publisher_name, preceding_publication_title_id,
      access_type)
    VALUES ${sql.join(values)}`.execute(db);

  // Core marks, one list and edition at a time (as `openfind journals core-import` loads them).
  const marks = new Map<string, Array<{ issn: string; title: string; classCode: string }>>();
  const addMarks = (title: string, issn: string, clc: string, list: string[]) => {
    for (const m of list) marks.set(m, [...(marks.get(m) ?? []), { issn, title, classCode: clc }]);
  };
  for (const [title, issn, , , , clc, , , list] of JOURNALS) addMarks(title, issn, clc, list);
  for (const [title, issn, , , clc, list] of E_ONLY) addMarks(title, issn, clc, list);
  for (const [key, rows] of marks) {
    const [list, edition = ''] = key.split(':');
    await replaceCoreMarks(db, tenantId, list!, edition, rows);
  }

  // A month of views: the better-known journals viewed more.
  const all = [...JOURNALS.map((j) => j[1]), ...E_ONLY.map((j) => j[1])];
  const views: Array<{ journalKey: string; daysAgo: number; views: number }> = [];
  for (const [n, issn] of all.entries())
    for (let d = 0; d < 30; d += 1 + (n % 3))
      views.push({ journalKey: issn, daysAgo: d, views: 1 + ((n * 7 + d) % (12 - (n % 10))) });
  await addJournalViews(db, tenantId, views);
  return all.length;
}
