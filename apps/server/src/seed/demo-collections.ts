import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { addPackageRecords, insertTopic, upsertPackage } from '../modules/collections/collection-repository.js';

/** Record ids of the institution's catalogue under a CLC class prefix, the first `n` by id. */
async function recordsUnder(db: Kysely<Database>, tenantId: number, prefix: string, n: number): Promise<number[]> {
  const { rows } = await sql<{ record_id: number }>`SELECT record_id FROM bib_record
    WHERE tenant_id = ${tenantId} AND class_prefixes @> ARRAY[${prefix}]::text[] AND NOT suppressed
    ORDER BY record_id LIMIT ${n}`.execute(db);
  return rows.map((r) => r.record_id);
}

/**
 * The demo institution's special collections (民国文献, 古籍特藏, 地方文献, 校友文库), two special
 * libraries with child bases, and topics, over records of the demo catalogue: some listed, some
 * taken by a class rule, as libraries keep them. Runs with or without a catalogue (then empty).
 */
export async function seedDemoCollections(db: Kysely<Database>, tenantId: number): Promise<void> {
  const pkg = (p: Parameters<typeof upsertPackage>[2]) => upsertPackage(db, tenantId, p);
  const minguo = await pkg({
    kind: 'collection',
    code: 'MG',
    parentId: null,
    name: '民国文献',
    nameTw: '民國文獻',
    nameEn: 'Republican-Era Documents (1912–1949)',
    description:
      '收藏1912—1949年间出版的图书、期刊与报纸，涵盖政治、经济、文学与教育等领域，是研究近代中国的珍贵史料。',
    descriptionTw:
      '收藏1912—1949年間出版的圖書、期刊與報紙，涵蓋政治、經濟、文學與教育等領域，是研究近代中國的珍貴史料。',
    descriptionEn:
      'Books, journals and newspapers published between 1912 and 1949 on politics, economics, literature and ' +
      'education: primary sources for the study of modern China.',
    seq: 1,
  });
  await addPackageRecords(db, tenantId, minguo, await recordsUnder(db, tenantId, 'K', 24));
  await pkg({
    kind: 'collection',
    code: 'GJ',
    parentId: null,
    name: '古籍特藏',
    nameTw: '古籍特藏',
    nameEn: 'Rare Books and Ancient Texts',
    description: '馆藏线装古籍、善本及古典文学整理本，按中图法I2类（中国文学）收录。',
    descriptionTw: '館藏線裝古籍、善本及古典文學整理本，按中圖法I2類（中國文學）收錄。',
    descriptionEn: 'Thread-bound rare books and critical editions of classical literature (CLC class I2).',
    ruleKind: 'classPrefix',
    ruleValue: 'I2',
    seq: 2,
  });
  await pkg({
    kind: 'collection',
    code: 'DF',
    parentId: null,
    name: '地方文献',
    nameTw: '地方文獻',
    nameEn: 'Local History Collection',
    description: '收集本地区的地方志、年鉴、人物传记与地方经济社会资料，服务地方文化研究。',
    descriptionTw: '收集本地區的地方志、年鑑、人物傳記與地方經濟社會資料，服務地方文化研究。',
    descriptionEn: 'Gazetteers, yearbooks, biographies and economic records of the region, for local studies.',
    ruleKind: 'classPrefix',
    ruleValue: 'K29',
    seq: 3,
  });
  const alumni = await pkg({
    kind: 'collection',
    code: 'XY',
    parentId: null,
    name: '校友文库',
    nameTw: '校友文庫',
    nameEn: 'Alumni Authors Library',
    description: '收藏校友撰写、编著和捐赠的著作，记录学校的学术传承。',
    descriptionTw: '收藏校友撰寫、編著和捐贈的著作，記錄學校的學術傳承。',
    descriptionEn: 'Works written, edited and donated by alumni: a record of the school’s scholarship.',
    seq: 4,
  });
  await addPackageRecords(db, tenantId, alumni, await recordsUnder(db, tenantId, 'T', 18));
  // A vendor's e-book package: a collection readers browse, left out of the search dictionary (spec §9).
  await pkg({
    kind: 'collection',
    code: 'CXEB',
    parentId: null,
    name: '超星电子图书精选',
    nameTw: '超星電子圖書精選',
    nameEn: 'Chaoxing E-book Selection',
    description: '超星数字图书馆中与本馆学科相关的电子图书精选。',
    descriptionTw: '超星數字圖書館中與本館學科相關的電子圖書精選。',
    descriptionEn: 'E-books of the Chaoxing digital library chosen for the library’s subjects.',
    ruleKind: 'classPrefix',
    ruleValue: 'TP',
    seq: 5,
  });

  const bases: Array<{
    code: string;
    names: [string, string, string];
    desc: [string, string, string];
    children: Array<{ code: string; names: [string, string, string]; cls: string }>;
  }> = [
    {
      code: 'SB-HJ',
      names: ['红色文献特色库', '紅色文獻特色庫', 'Revolutionary History Library'],
      desc: [
        '汇集中国近现代革命史、党史文献与人物研究资料。',
        '匯集中國近現代革命史、黨史文獻與人物研究資料。',
        'Sources on modern Chinese revolutionary history and its figures.',
      ],
      children: [
        { code: 'SB-HJ-1', names: ['革命史料', '革命史料', 'Revolutionary Sources'], cls: 'K2' },
        { code: 'SB-HJ-2', names: ['人物传记', '人物傳記', 'Biographies'], cls: 'K8' },
        { code: 'SB-HJ-3', names: ['理论著作', '理論著作', 'Theoretical Works'], cls: 'A' },
      ],
    },
    {
      code: 'SB-KJ',
      names: ['科技创新特色库', '科技創新特色庫', 'Science and Innovation Library'],
      desc: [
        '面向学校优势学科，收录计算机、电子与工程技术领域的重要著作。',
        '面向學校優勢學科，收錄計算機、電子與工程技術領域的重要著作。',
        'Key works in computing, electronics and engineering, the school’s strongest subjects.',
      ],
      children: [
        { code: 'SB-KJ-1', names: ['计算机与人工智能', '計算機與人工智慧', 'Computing and AI'], cls: 'TP' },
        { code: 'SB-KJ-2', names: ['电子与通信', '電子與通信', 'Electronics and Communications'], cls: 'TN' },
        { code: 'SB-KJ-3', names: ['数理科学', '數理科學', 'Mathematics and Physics'], cls: 'O' },
      ],
    },
  ];
  for (const [i, b] of bases.entries()) {
    const parentId = await pkg({
      kind: 'base',
      code: b.code,
      parentId: null,
      name: b.names[0],
      nameTw: b.names[1],
      nameEn: b.names[2],
      description: b.desc[0],
      descriptionTw: b.desc[1],
      descriptionEn: b.desc[2],
      seq: i + 1,
    });
    for (const [j, c] of b.children.entries()) {
      const id = await pkg({
        kind: 'base',
        code: c.code,
        parentId,
        name: c.names[0],
        nameTw: c.names[1],
        nameEn: c.names[2],
        description: `${b.names[0]}·${c.names[0]}`,
        descriptionTw: `${b.names[1]}·${c.names[1]}`,
        descriptionEn: `${b.names[2]}: ${c.names[2]}`,
        seq: j + 1,
      });
      await addPackageRecords(db, tenantId, id, await recordsUnder(db, tenantId, c.cls, 15));
    }
  }

  const topics: Array<[string, string, string, string, string, string, string, string, number]> = [
    [
      '人工智能前沿',
      '人工智慧前沿',
      'Frontiers of AI',
      '机器学习、深度学习与大模型的入门与进阶读物。',
      '機器學習、深度學習與大模型的入門與進階讀物。',
      'Readings on machine learning, deep learning and large models.',
      '人工智能',
      'TP18',
      320,
    ],
    [
      '中国古典文学',
      '中國古典文學',
      'Classical Chinese Literature',
      '诗词、小说与戏曲名著导读。',
      '詩詞、小說與戲曲名著導讀。',
      'Guides to poetry, novels and drama.',
      '古典文学',
      'I2',
      260,
    ],
    [
      '经济与管理经典',
      '經濟與管理經典',
      'Classics of Economics and Management',
      '经济学原理、管理学与金融学必读书目。',
      '經濟學原理、管理學與金融學必讀書目。',
      'Essential reading in economics, management and finance.',
      '经济学',
      'F',
      210,
    ],
    [
      '近代史研究',
      '近代史研究',
      'Modern History',
      '中国近现代史的专著与史料。',
      '中國近現代史的專著與史料。',
      'Monographs and sources on modern Chinese history.',
      '近代史',
      'K25',
      180,
    ],
    [
      '医学与健康',
      '醫學與健康',
      'Medicine and Health',
      '临床医学、公共卫生与健康科普读物。',
      '臨床醫學、公共衛生與健康科普讀物。',
      'Clinical medicine, public health and popular health books.',
      '医学',
      'R',
      150,
    ],
    [
      '新生入学推荐',
      '新生入學推薦',
      'Reading for New Students',
      '图书馆员为新生推荐的通识读物。',
      '圖書館員為新生推薦的通識讀物。',
      'General reading librarians suggest to new students.',
      '',
      'B',
      90,
    ],
  ];
  for (const [i, t] of topics.entries()) {
    await insertTopic(
      db,
      tenantId,
      {
        title: t[0],
        titleTw: t[1],
        titleEn: t[2],
        description: t[3],
        descriptionTw: t[4],
        descriptionEn: t[5],
        searchWords: t[6],
        viewCount: t[8],
        seq: i + 1,
      },
      await recordsUnder(db, tenantId, t[7], 12),
    );
  }
}
