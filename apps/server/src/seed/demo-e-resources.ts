import { sql, type Kysely } from 'kysely';
import type { DbType } from '@openfind/contract';
import type { Database } from '../db/schema.js';
import { KBART_COLUMNS, parseKbart } from '../modules/e-resources/kbart.js';
import { refreshVisitCounts, replacePackageTitles } from '../modules/e-resources/e-resource-repository.js';

/**
 * Demo databases navigation (issue 30): the discovery seed's e-resources get their types, languages,
 * vendors, usage guides and proxy flag; more databases join them (e-books, newspapers, patents, data,
 * open access, one trial that has ended); 30 days of visits, the institution's proxy and campus
 * networks, trial feedback, and a small KBART package (SpringerLink journals) loaded through the
 * same parser as `openfind eresources import`.
 */

/** name → types, content languages, vendor, proxied off campus. */
const EXISTING: Record<string, [DbType[], string[], string, boolean]> = {
  '中国知网（CNKI）': [['fulltext', 'ejournals', 'theses', 'newspapers'], ['zh'], '同方知网', true],
  万方数据知识服务平台: [['fulltext', 'ejournals', 'theses', 'patents'], ['zh'], '万方数据', true],
  维普中文期刊服务平台: [['fulltext', 'ejournals'], ['zh'], '重庆维普', true],
  读秀学术搜索: [['ebooks', 'abstracts'], ['zh'], '超星集团', true],
  'Web of Science 核心合集': [['abstracts'], ['en'], 'Clarivate', true],
  'ScienceDirect 电子期刊': [['fulltext', 'ejournals', 'ebooks'], ['en'], 'Elsevier', true],
  'IEEE Xplore 数字图书馆': [['fulltext', 'ejournals', 'patents'], ['en'], 'IEEE', true],
  SpringerLink: [['fulltext', 'ejournals', 'ebooks'], ['en', 'de'], 'Springer Nature', true],
  'JSTOR 过刊全文库': [['fulltext', 'ejournals'], ['en', 'fr', 'de'], 'ITHAKA', true],
  北大法宝: [['fulltext', 'reference'], ['zh', 'en'], '北大英华科技', false],
  中华经典古籍库: [['fulltext', 'ebooks'], ['zh'], '中华书局', false],
  'Nature 系列期刊': [['fulltext', 'ejournals'], ['en'], 'Springer Nature', true],
  'Wiley Online Library': [['fulltext', 'ejournals', 'ebooks'], ['en'], 'John Wiley & Sons', true],
  'ProQuest 学位论文全文库': [['theses', 'fulltext'], ['en'], 'ProQuest', true],
};

/** More databases: [name, Traditional, English, access, types, languages, vendor, url, subjects, description, English description, days added ago, trial days (from, until) or null, visits a day]. */
type Extra = [
  string,
  string,
  string,
  'trial' | 'purchased' | 'formal' | 'open',
  DbType[],
  string[],
  string,
  string,
  string[],
  string,
  string,
  number,
  [number, number] | null,
  number,
];
const EXTRA: Extra[] = [
  [
    '超星电子图书',
    '超星電子圖書',
    'SuperStar eBooks',
    'purchased',
    ['ebooks'],
    ['zh'],
    '超星集团',
    'https://www.sslibrary.com/',
    ['14'],
    '百万种中文电子图书，覆盖中图法 22 个大类，可在线阅读和下载。',
    'A million Chinese e-books across all 22 CLC classes, read online or downloaded.',
    2200,
    null,
    40,
  ],
  [
    '人民日报图文数据库',
    '人民日報圖文資料庫',
    "People's Daily Archive",
    'formal',
    ['newspapers', 'fulltext'],
    ['zh'],
    '人民日报社',
    'https://data.people.com.cn/',
    ['03', '06'],
    '1946 年创刊以来的《人民日报》全部版面与文章。',
    "Every page and article of People's Daily since 1946.",
    1600,
    null,
    12,
  ],
  [
    '国研网统计数据库',
    '國研網統計資料庫',
    'DRCNet Statistics',
    'formal',
    ['data'],
    ['zh'],
    '国务院发展研究中心信息网',
    'https://www.drcnet.com.cn/',
    ['02', '12'],
    '宏观经济、行业与区域统计数据，支持在线制表与导出。',
    'Macro-economic, industry and regional statistics with online tables and export.',
    1100,
    null,
    9,
  ],
  [
    '国家知识产权局专利检索',
    '國家知識產權局專利檢索',
    'CNIPA Patent Search',
    'open',
    ['patents'],
    ['zh', 'en'],
    '国家知识产权局',
    'https://pss-system.cponline.cnipa.gov.cn/',
    ['08', '14'],
    '中国及主要国家和地区的专利文献检索与分析。',
    'Search and analysis of Chinese and worldwide patent documents.',
    800,
    null,
    6,
  ],
  [
    'DOAJ 开放获取期刊目录',
    'DOAJ 開放取用期刊目錄',
    'DOAJ Directory of Open Access Journals',
    'open',
    ['ejournals', 'abstracts'],
    ['en', 'other'],
    'DOAJ',
    'https://doaj.org/',
    ['14'],
    '经同行评审的开放获取期刊目录，两万余种期刊。',
    'A directory of over 20,000 peer-reviewed open access journals.',
    600,
    null,
    7,
  ],
  [
    'arXiv 预印本',
    'arXiv 預印本',
    'arXiv',
    'open',
    ['fulltext'],
    ['en'],
    'Cornell University',
    'https://arxiv.org/',
    ['07', '08'],
    '物理、数学、计算机等学科的开放预印本平台。',
    'Open preprints in physics, mathematics, computer science and more.',
    500,
    null,
    11,
  ],
  [
    '新东方多媒体学习库',
    '新東方多媒體學習庫',
    'New Oriental Multimedia Learning',
    'trial',
    ['multimedia'],
    ['zh', 'en', 'ja'],
    '新东方在线',
    'https://library.koolearn.com/',
    ['05', '04'],
    '外语考试、留学与职业技能视频课程。',
    'Video courses for language tests, study abroad and career skills.',
    15,
    [-15, 45],
    8,
  ],
  [
    'EBSCO 学术期刊全文库（ASP）',
    'EBSCO 學術期刊全文庫（ASP）',
    'EBSCO Academic Search Premier',
    'trial',
    ['fulltext', 'ejournals'],
    ['en'],
    'EBSCO',
    'https://search.ebscohost.com/',
    ['14'],
    '多学科外文学术期刊全文，试用已结束。',
    'Full text of multidisciplinary journals; the trial has ended.',
    100,
    [-100, -10],
    0,
  ],
];

/** A usage guide in three languages for a database of `vendor`. */
function guideOf(name: string, vendor: string, proxied: boolean): [string, string, string] {
  const off = proxied
    ? [
        '校外请先通过“校外访问”登录统一身份认证，再经图书馆代理访问。',
        '校外請先透過「校外存取」登入統一身分認證，再經圖書館代理存取。',
        'Off campus, open it with "Off-campus access": log in with your campus account and the library proxy opens it.',
      ]
    : ['校外请使用学校 VPN 访问。', '校外請使用學校 VPN 存取。', 'Off campus, connect to the campus VPN first.'];
  return [
    `校园网 IP 范围内可直接访问${name}，无需登录。\n${off[0]}\n请合理使用，禁止使用下载工具批量下载，违者将被${vendor}暂停全校访问权限。`,
    `校園網 IP 範圍內可直接存取${name}，無需登入。\n${off[1]}\n請合理使用，禁止使用下載工具批量下載，違者將被${vendor}暫停全校存取權限。`,
    `On the campus network ${name} opens directly, without logging in.\n${off[2]}\nUse it fairly: bulk downloading with tools is forbidden and makes ${vendor} suspend access for the whole university.`,
  ];
}

/** A small deterministic generator: the same demo every seed. */
function* noise(seed: number): Generator<number> {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield x / 2147483648;
  }
}

/** The demo KBART package: SpringerLink journals (a gap, embargoes, a title change, to the present). */
export const DEMO_KBART_PACKAGE = 'Springer_Global_SpringerLinkJournals';
function demoKbartText(): string {
  const row = (v: Partial<Record<(typeof KBART_COLUMNS)[number], string>>) =>
    KBART_COLUMNS.map((c) => v[c] ?? '').join('\t');
  const base = {
    coverage_depth: 'fulltext',
    publisher_name: 'Springer Nature',
    publication_type: 'serial',
    access_type: 'P',
  };
  const journals: Array<Partial<Record<(typeof KBART_COLUMNS)[number], string>>> = [
    {
      publication_title: 'Scientometrics',
      print_identifier: '0138-9130',
      online_identifier: '1588-2861',
      date_first_issue_online: '1978-09',
      date_last_issue_online: '1999-12',
      title_id: '11192',
      title_url: 'https://link.springer.com/journal/11192',
    },
    {
      publication_title: 'Scientometrics',
      print_identifier: '0138-9130',
      online_identifier: '1588-2861',
      date_first_issue_online: '2002',
      title_id: '11192',
      title_url: 'https://link.springer.com/journal/11192',
    },
    {
      publication_title: 'International Journal on Digital Libraries',
      print_identifier: '1432-5012',
      online_identifier: '1432-1300',
      date_first_issue_online: '1997',
      title_id: '799',
      embargo_info: 'R1Y',
      title_url: 'https://link.springer.com/journal/799',
    },
    {
      publication_title: 'Information Retrieval',
      print_identifier: '1386-4564',
      online_identifier: '1573-7659',
      date_first_issue_online: '1999',
      date_last_issue_online: '2015',
      title_id: '10791-old',
      title_url: 'https://link.springer.com/journal/10791',
    },
    {
      publication_title: 'Information Retrieval Journal',
      print_identifier: '1386-4564',
      online_identifier: '1573-7659',
      date_first_issue_online: '2016',
      title_id: '10791',
      preceding_publication_title_id: '10791-old',
      embargo_info: 'P6M',
      title_url: 'https://link.springer.com/journal/10791',
    },
    {
      publication_title: 'Journal of Big Data',
      online_identifier: '2196-1115',
      date_first_issue_online: '2014',
      title_id: '40537',
      access_type: 'F',
      publisher_name: 'SpringerOpen',
      title_url: 'https://journalofbigdata.springeropen.com/',
    },
    {
      publication_title: 'Machine Learning',
      print_identifier: '0885-6125',
      online_identifier: '1573-0565',
      date_first_issue_online: '1986',
      title_id: '10994',
      title_url: 'https://link.springer.com/journal/10994',
    },
  ];
  return [KBART_COLUMNS.join('\t'), ...journals.map((j) => row({ ...base, ...j }))].join('\n') + '\n';
}

/** Seeds the navigation data of one institution (after the discovery seed's e-resources). */
export async function seedDemoEResources(db: Kysely<Database>, tenantId: number): Promise<number> {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  for (const [name, [types, languages, vendor, proxied]] of Object.entries(EXISTING)) {
    const [g, gTw, gEn] = guideOf(name, vendor, proxied);
    await sql`
      UPDATE e_collection SET db_types = ${types}::text[], languages = ${languages}::text[], vendor = ${vendor},
        proxied = ${proxied}, guide = ${g}, guide_tw = ${gTw}, guide_en = ${gEn},
        description_tw = description, trial_from = CASE WHEN access_kind = 'trial' OR trial_until IS NOT NULL
          THEN least(added_on, coalesce(trial_until, added_on)) END,
        access_kind = CASE WHEN trial_until IS NOT NULL THEN 'trial' ELSE access_kind END,
        package_code = ${name === 'SpringerLink' ? DEMO_KBART_PACKAGE : null}
      WHERE tenant_id = ${tenantId} AND name = ${name}`.execute(db);
  }
  const { rows: seqRow } = await sql<{ n: number }>`
    SELECT coalesce(max(seq), 0)::int AS n FROM e_collection WHERE tenant_id = ${tenantId}`.execute(db);
  let seq = seqRow[0]?.n ?? 0;
  const perDay = new Map<string, number>();
  for (const e of EXTRA) {
    const [name, nameTw, nameEn, access, types, languages, vendor, url, subjects, desc, descEn, added, trial, daily] =
      e;
    const [g, gTw, gEn] = guideOf(name, vendor, access !== 'open');
    seq += 1;
    await db
      .insertInto('e_collection')
      .values({
        tenant_id: tenantId,
        name,
        name_tw: nameTw,
        name_en: nameEn,
        description: desc,
        description_tw: desc,
        description_en: descEn,
        url,
        subjects,
        db_types: types,
        languages,
        vendor,
        access_kind: access,
        proxied: access !== 'open',
        guide: g,
        guide_tw: gTw,
        guide_en: gEn,
        added_on: day(-added),
        trial_from: trial ? day(trial[0]) : null,
        trial_until: trial ? day(trial[1]) : null,
        seq,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    perDay.set(name, daily);
  }
  // Visits of the last 30 days (today's too), about the 30-day figure the discovery seed gave.
  const { rows: all } = await sql<{ id: number; name: string; visit_count: number }>`
    SELECT id, name, visit_count FROM e_collection WHERE tenant_id = ${tenantId} ORDER BY id`.execute(db);
  const rand = noise(tenantId * 7919 + 17);
  const visits: Array<{ tenant_id: number; collection_id: number; day: string; visits: number }> = [];
  for (const c of all) {
    const mean = perDay.get(c.name) ?? c.visit_count / 30;
    for (let d = -29; d <= 0; d += 1) {
      const weekday = new Date(Date.now() + d * 86_400_000).getUTCDay();
      const weekend = weekday === 0 || weekday === 6 ? 0.55 : 1.1;
      const n = Math.round(mean * weekend * (0.6 + 0.8 * rand.next().value!));
      if (n > 0) visits.push({ tenant_id: tenantId, collection_id: c.id, day: day(d), visits: n });
    }
  }
  for (let i = 0; i < visits.length; i += 500)
    await db
      .insertInto('e_collection_visit')
      .values(visits.slice(i, i + 500))
      .execute();
  await refreshVisitCounts(db, tenantId, day(-29));
  await sql`UPDATE e_collection SET visit_total = visit_count * (4 + (id % 9)) WHERE tenant_id = ${tenantId}`.execute(
    db,
  );
  // The institution's proxy (EZproxy style) and campus networks.
  const { rows: t } = await sql<{
    mapping_path: string;
  }>`SELECT mapping_path FROM tenant WHERE id = ${tenantId}`.execute(db);
  const host = t[0]?.mapping_path || 'lib';
  await db
    .insertInto('e_resource_setting')
    .values({
      tenant_id: tenantId,
      proxy_prefix: `https://ezproxy.${host}.edu.cn/login?url=`,
      campus_networks: ['10.0.0.0/8', '172.16.0.0/12', '202.120.0.0/16', '2001:da8:8000::/48'],
      version: 1,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Trial feedback from two demo readers, one answered.
  const { rows: readers } = await sql<{ id: number }>`
    SELECT id FROM reader WHERE tenant_id = ${tenantId} ORDER BY id LIMIT 2`.execute(db);
  const { rows: trials } = await sql<{ id: number; name: string }>`
    SELECT id, name FROM e_collection WHERE tenant_id = ${tenantId} AND access_kind = 'trial'
      AND (trial_until IS NULL OR trial_until >= current_date) ORDER BY id`.execute(db);
  const texts = [
    '检索速度很快，全文下载也方便，希望图书馆正式购买。',
    '内容很全，但部分论文只有摘要，没有全文。',
    '界面是英文的，希望能提供中文使用指南。',
  ];
  let k = 0;
  for (const trial of trials)
    for (const r of readers) {
      const text = texts[k % texts.length]!;
      k += 1;
      await db
        .insertInto('e_collection_feedback')
        .values({
          tenant_id: tenantId,
          collection_id: trial.id,
          reader_id: r.id,
          rating: 3 + (k % 3),
          content: text,
          status: k === 1 ? 'replied' : 'new',
          reply: k === 1 ? '感谢反馈，图书馆将在试用结束后综合读者意见决定是否订购。' : '',
          replied_by: k === 1 ? 'demo' : '',
          replied_at: k === 1 ? new Date().toISOString() : null,
        })
        .execute();
    }
  // The demo KBART package, read by the import's parser.
  await replacePackageTitles(db, tenantId, DEMO_KBART_PACKAGE, parseKbart(demoKbartText()).titles);
  return all.length;
}
