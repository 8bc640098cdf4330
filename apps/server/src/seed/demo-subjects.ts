import type { Kysely } from 'kysely';
import type { MarcJson } from '@openfind/marc';
import type { Database } from '../db/schema.js';
import { storeRecords } from '../modules/catalogue/catalogue-repository.js';
import type { ItemInput, RecordInput } from '../modules/catalogue/record-input.js';
import {
  saveThesisAccess,
  saveThesisPolicy,
  upsertDepartments,
  upsertResearchers,
} from '../modules/subject-services/subject-repository.js';
import { makeIsbn13 } from './demo-catalogue.js';
import { demoMarc } from './demo-marc.js';

/**
 * Subject services of a demo institution (issue 30): eight departments over the demo catalogue's
 * classes, twelve researchers whose works are demo records naming them and their unit (MARC 100/700
 * $u, 710), two records by a namesake elsewhere (found by name only: not listed until staff confirm),
 * and thirty-seven theses of the institution (MARC 502, 700 $e 导师, 710 $b, 653, 856) with the full-text
 * rule of each: open, campus only (the institution's default), embargoed, none.
 */

/** The university the institution's researchers and theses belong to. */
const UNIVERSITY: Record<string, [string, string]> = {
  '': ['示范大学', 'OpenFind Demo University'],
  beiling: ['北岭理工大学', 'Beiling University of Technology'],
  xihu: ['西湖大学', 'Xihu University'],
};

type Dept = [
  code: string,
  names: [string, string, string],
  discode1: string[],
  clc: string[],
  liaison: [string, string, string],
  about: [string, string],
];
const DEPARTMENTS: Dept[] = [
  [
    'CS',
    ['计算机科学与技术学院', '計算機科學與技術學院', 'School of Computer Science and Technology'],
    ['08', '07'],
    ['TP'],
    ['林晓雯', 'linxw@lib.example.edu.cn', '010-6275 1051'],
    [
      '学院设有计算机科学、软件工程、人工智能三个系，学科馆员提供文献检索、查收查引和投稿指导服务。',
      'Computer science, software engineering and artificial intelligence; the liaison librarian helps with searching, citation reports and where to publish.',
    ],
  ],
  [
    'MATH',
    ['数学与统计学院', '數學與統計學院', 'School of Mathematics and Statistics'],
    ['07'],
    ['O1'],
    ['周文博', 'zhouwb@lib.example.edu.cn', '010-6275 1052'],
    [
      '涵盖基础数学、应用数学、概率统计，馆藏包括经典教材与 Springer 数学丛书。',
      'Pure and applied mathematics, probability and statistics; classic textbooks and the Springer mathematics series.',
    ],
  ],
  [
    'PHYS',
    ['物理学院', '物理學院', 'School of Physics'],
    ['07'],
    ['O4'],
    ['陈思远', 'chensy@lib.example.edu.cn', '010-6275 1053'],
    [
      '理论物理、凝聚态物理与光学，重点资源：APS、IOP 期刊。',
      'Theoretical and condensed-matter physics and optics; key resources: APS and IOP journals.',
    ],
  ],
  [
    'ECON',
    ['经济管理学院', '經濟管理學院', 'School of Economics and Management'],
    ['02', '12'],
    ['F2', 'F8'],
    ['刘佳宁', 'liujn@lib.example.edu.cn', '010-6275 1054'],
    [
      '经济学、金融学、工商管理，提供统计数据库与案例库使用培训。',
      'Economics, finance and business administration; training on statistical databases and case collections.',
    ],
  ],
  [
    'INFO',
    ['信息管理学院', '資訊管理學院', 'School of Information Management'],
    ['12', '14'],
    ['G25'],
    ['王若溪', 'wangrx@lib.example.edu.cn', '010-6275 1055'],
    [
      '图书馆学、情报学、档案学与数字人文。',
      'Library science, information science, archives and the digital humanities.',
    ],
  ],
  [
    'FL',
    ['外国语学院', '外國語學院', 'School of Foreign Languages'],
    ['05'],
    ['H3'],
    ['赵明月', 'zhaomy@lib.example.edu.cn', '010-6275 1056'],
    [
      '英语、日语、翻译专业，语料库与外文原版书推荐。',
      'English, Japanese and translation; corpora and books in the original languages.',
    ],
  ],
  [
    'HIST',
    ['历史学院', '歷史學院', 'School of History'],
    ['06'],
    ['K2'],
    ['孙立群', 'sunlq@lib.example.edu.cn', '010-6275 1057'],
    [
      '中国古代史、近现代史，古籍与地方志资源导览。',
      'Ancient and modern Chinese history; a guide to rare books and local gazetteers.',
    ],
  ],
  [
    'MED',
    ['医学院', '醫學院', 'School of Medicine'],
    ['10'],
    ['R'],
    ['何静怡', 'hejy@lib.example.edu.cn', '010-6275 1058'],
    [
      '临床医学、基础医学与药学，PubMed、UpToDate 使用指导。',
      'Clinical and basic medicine and pharmacy; help with PubMed and UpToDate.',
    ],
  ],
];

type Person = [
  code: string,
  name: string,
  pinyin: string,
  dept: string,
  title: string,
  fields: string[],
  works: Array<[title: string, clc: string, year: number]>,
];
const RESEARCHERS: Person[] = [
  [
    'T1001',
    '王晓明',
    'Wang Xiaoming',
    'CS',
    '教授',
    ['分布式系统', '数据库'],
    [
      ['分布式数据库系统原理与实践', 'TP311.13', 2019],
      ['大规模数据处理技术', 'TP274', 2022],
      ['云计算系统设计', 'TP393.027', 2016],
    ],
  ],
  [
    'T1002',
    '李静',
    'Li Jing',
    'CS',
    '副教授',
    ['机器学习', '自然语言处理'],
    [
      ['中文信息处理导论', 'TP391.1', 2020],
      ['深度学习与文本挖掘', 'TP181', 2023],
    ],
  ],
  [
    'T1003',
    '张建国',
    'Zhang Jianguo',
    'CS',
    '研究员',
    ['信息检索', '推荐系统'],
    [
      ['信息检索模型与评价', 'TP391.3', 2018],
      ['推荐系统：算法与应用', 'TP391.3', 2021],
    ],
  ],
  [
    'T2001',
    '陈志强',
    'Chen Zhiqiang',
    'MATH',
    '教授',
    ['偏微分方程', '数值分析'],
    [
      ['偏微分方程数值解法', 'O241.82', 2017],
      ['数值分析简明教程', 'O241', 2020],
    ],
  ],
  [
    'T2002',
    '刘芳',
    'Liu Fang',
    'MATH',
    '讲师',
    ['概率论', '统计学习'],
    [
      ['概率论与统计学习基础', 'O21', 2022],
      ['随机过程讲义', 'O211.6', 2024],
    ],
  ],
  [
    'T3001',
    '杨光',
    'Yang Guang',
    'PHYS',
    '教授',
    ['凝聚态物理', '超导'],
    [
      ['凝聚态物理导论', 'O469', 2015],
      ['超导物理前沿', 'O511', 2021],
    ],
  ],
  [
    'T4001',
    '赵丽华',
    'Zhao Lihua',
    'ECON',
    '教授',
    ['公司金融', '资本市场'],
    [
      ['公司金融：理论与中国实践', 'F830.9', 2019],
      ['资本市场与企业融资', 'F832.5', 2023],
    ],
  ],
  [
    'T4002',
    '黄伟',
    'Huang Wei',
    'ECON',
    '副教授',
    ['供应链管理', '运营管理'],
    [
      ['供应链管理案例集', 'F252', 2020],
      ['运营管理（第二版）', 'F273', 2022],
    ],
  ],
  [
    'T5001',
    '吴文静',
    'Wu Wenjing',
    'INFO',
    '教授',
    ['数字图书馆', '信息组织'],
    [
      ['数字图书馆建设与服务', 'G250.76', 2018],
      ['信息组织与元数据', 'G254', 2021],
      ['开放获取与学术交流', 'G250.7', 2024],
    ],
  ],
  [
    'T6001',
    '周敏',
    'Zhou Min',
    'FL',
    '副教授',
    ['翻译学', '语料库语言学'],
    [
      ['英汉翻译教程新编', 'H315.9', 2019],
      ['语料库与翻译研究', 'H315.9', 2022],
    ],
  ],
  [
    'T7001',
    '徐明哲',
    'Xu Mingzhe',
    'HIST',
    '教授',
    ['宋史', '文化史'],
    [
      ['宋代文化史新论', 'K244.07', 2016],
      ['两宋士大夫研究', 'K244.07', 2020],
    ],
  ],
  [
    'T8001',
    '郭晓燕',
    'Guo Xiaoyan',
    'MED',
    '主任医师',
    ['心血管内科', '临床流行病学'],
    [
      ['心血管内科诊疗指南解读', 'R54', 2021],
      ['临床流行病学方法', 'R181.2', 2023],
    ],
  ],
];

type ThesisSpec = [
  title: string,
  author: string,
  degree: '博士' | '硕士' | '学士',
  dept: string,
  supervisor: string,
  year: number,
  keywords: string[],
  access?: ['open' | 'campus' | 'none', string | null],
];
const THESES: ThesisSpec[] = [
  [
    '面向异构集群的分布式事务调度研究',
    '孙浩然',
    '博士',
    'CS',
    '王晓明',
    2023,
    ['分布式事务', '调度', '异构集群'],
    ['open', null],
  ],
  ['基于预训练语言模型的中文命名实体识别', '钱雨桐', '硕士', 'CS', '李静', 2024, ['命名实体识别', '预训练模型']],
  ['学术搜索引擎的排序学习方法研究', '何子轩', '硕士', 'CS', '张建国', 2022, ['排序学习', '学术搜索'], ['open', null]],
  ['图神经网络在推荐系统中的应用', '马嘉怡', '学士', 'CS', '张建国', 2024, ['图神经网络', '推荐系统']],
  ['非线性抛物方程的有限元误差估计', '罗一鸣', '博士', 'MATH', '陈志强', 2021, ['有限元', '误差估计'], ['none', null]],
  ['高维数据下的稀疏回归方法比较', '郑思琪', '硕士', 'MATH', '刘芳', 2023, ['稀疏回归', '高维统计']],
  [
    '二维材料中的拓扑超导态研究',
    '冯启航',
    '博士',
    'PHYS',
    '杨光',
    2024,
    ['拓扑超导', '二维材料'],
    ['campus', '2027-06-30'],
  ],
  ['铁基超导体输运性质的实验研究', '韩雪', '硕士', 'PHYS', '杨光', 2020, ['铁基超导', '输运性质']],
  ['注册制改革对IPO定价效率的影响', '曹一凡', '硕士', 'ECON', '赵丽华', 2022, ['注册制', 'IPO定价'], ['open', null]],
  ['数字化转型与制造业供应链韧性', '彭雨欣', '博士', 'ECON', '黄伟', 2024, ['数字化转型', '供应链韧性']],
  ['社区团购平台的库存决策研究', '蒋天宇', '学士', 'ECON', '黄伟', 2023, ['社区团购', '库存管理']],
  [
    '高校图书馆数据馆员服务模式研究',
    '沈佳琪',
    '硕士',
    'INFO',
    '吴文静',
    2021,
    ['数据馆员', '高校图书馆'],
    ['open', null],
  ],
  ['基于关联数据的古籍书目组织', '许诺', '博士', 'INFO', '吴文静', 2023, ['关联数据', '古籍', '书目组织']],
  ['机器翻译译后编辑的质量评估', '林可欣', '硕士', 'FL', '周敏', 2022, ['译后编辑', '机器翻译']],
  ['《红楼梦》英译本中的文化负载词', '宋佳', '学士', 'FL', '周敏', 2020, ['红楼梦', '文化负载词', '翻译']],
  [
    '南宋临安的城市商业与社会生活',
    '唐宇航',
    '博士',
    'HIST',
    '徐明哲',
    2022,
    ['南宋', '临安', '城市史'],
    ['campus', '2026-12-31'],
  ],
  ['宋代书院与地方教育', '黎晓', '硕士', 'HIST', '徐明哲', 2019, ['书院', '宋代教育']],
  [
    '急性心肌梗死患者院内死亡风险预测模型',
    '邓一鸣',
    '硕士',
    'MED',
    '郭晓燕',
    2024,
    ['心肌梗死', '风险预测', '队列研究'],
  ],
  [
    '面向大语言模型的检索增强生成方法研究',
    '周子墨',
    '博士',
    'CS',
    '李静',
    2025,
    ['检索增强生成', '大语言模型'],
    ['campus', '2027-12-31'],
  ],
  ['云原生数据库的弹性伸缩机制', '谢明轩', '硕士', 'CS', '王晓明', 2021, ['云原生', '数据库', '弹性伸缩']],
  ['随机微分方程数值方法的稳定性分析', '孔令辉', '硕士', 'MATH', '陈志强', 2019, ['随机微分方程', '数值稳定性']],
  ['基于贝叶斯方法的缺失数据插补', '白若彤', '学士', 'MATH', '刘芳', 2025, ['贝叶斯统计', '缺失数据']],
  // Supervisors need not be among the researchers the library lists.
  ['钙钛矿太阳能电池的界面调控', '范志远', '硕士', 'PHYS', '朱振华', 2023, ['钙钛矿', '太阳能电池']],
  ['冷原子光晶格中的量子模拟', '陆嘉禾', '博士', 'PHYS', '朱振华', 2025, ['冷原子', '量子模拟'], ['open', null]],
  [
    '中国城市化进程中的住房价格与家庭消费',
    '叶子涵',
    '博士',
    'ECON',
    '赵丽华',
    2020,
    ['住房价格', '家庭消费', '城市化'],
    ['open', null],
  ],
  ['绿色信贷政策对企业投资的影响', '吕晨曦', '硕士', 'ECON', '赵丽华', 2024, ['绿色信贷', '企业投资']],
  ['跨境电商企业的物流模式选择', '丁浩宇', '学士', 'ECON', '黄伟', 2021, ['跨境电商', '物流管理']],
  ['高校图书馆读者检索行为的日志分析', '苏文清', '硕士', 'INFO', '吴文静', 2024, ['检索行为', '日志分析']],
  [
    '中国近代报刊的数字化与全文检索',
    '魏书瑶',
    '博士',
    'INFO',
    '吴文静',
    2025,
    ['报刊数字化', '数字人文'],
    ['campus', '2028-06-30'],
  ],
  ['科研数据管理政策的比较研究', '潘一诺', '学士', 'INFO', '吴文静', 2022, ['科研数据管理', '政策比较']],
  ['中国当代小说英译的译者风格研究', '田雨萌', '博士', 'FL', '周敏', 2024, ['译者风格', '语料库', '当代小说']],
  ['大学英语写作中的词块使用', '董欣然', '硕士', 'FL', '周敏', 2018, ['词块', '英语写作']],
  [
    '明清江南市镇的商业网络',
    '袁博文',
    '硕士',
    'HIST',
    '徐明哲',
    2021,
    ['明清', '江南市镇', '商业网络'],
    ['none', null],
  ],
  ['宋代科举与士人家族', '程思源', '博士', 'HIST', '徐明哲', 2017, ['科举', '士人家族']],
  [
    '中国老年人群高血压控制率及其影响因素',
    '蔡雨晴',
    '博士',
    'MED',
    '郭晓燕',
    2023,
    ['高血压', '老年人群', '影响因素'],
    ['open', null],
  ],
  ['心房颤动患者抗凝治疗的依从性研究', '夏宇', '硕士', 'MED', '郭晓燕', 2022, ['心房颤动', '抗凝治疗']],
  ['经皮冠状动脉介入术后再狭窄的危险因素', '邹明', '学士', 'MED', '郭晓燕', 2016, ['冠状动脉介入', '再狭窄']],
];

/** A valid ORCID iD (ISO 7064 MOD 11-2 check digit) from fifteen digits. */
export function orcidOf(fifteen: string): string {
  let total = 0;
  for (const d of fifteen) total = (total + Number(d)) * 2;
  const check = (12 - (total % 11)) % 11;
  const all = fifteen + (check === 10 ? 'X' : String(check));
  return all.match(/.{4}/g)!.join('-');
}

const sub = (code: string, value: string) => ({ [code]: value });
const data = (tag: string, ind1: string, ind2: string, subfields: Array<Record<string, string>>) => ({
  [tag]: { ind1, ind2, subfields },
});

export async function seedDemoSubjects(db: Kysely<Database>, tenantId: number, mappingPath: string): Promise<void> {
  const [uni, uniEn] = UNIVERSITY[mappingPath] ?? UNIVERSITY['']!;
  await saveThesisPolicy(db, tenantId, {
    default_access: 'campus',
    institution_names: [uni, uniEn],
  });
  await upsertDepartments(
    db,
    tenantId,
    DEPARTMENTS.map(([code, [name, nameTw, nameEn], discode1, clc, [ln, le, lp], [about, aboutEn]], seq) => ({
      code,
      name,
      nameTw,
      nameEn,
      description: about,
      descriptionEn: aboutEn,
      discode1,
      clcClasses: clc,
      liaisonName: ln,
      liaisonEmail: le,
      liaisonPhone: lp,
      seq,
    })),
  );
  await upsertResearchers(
    db,
    tenantId,
    RESEARCHERS.map(([code, name, pinyin, dept, title, fields], seq) => ({
      code,
      name,
      nameEn: pinyin,
      departmentCode: dept,
      title,
      fields,
      orcid: orcidOf(`0000000${String(2 + seq).padStart(2, '0')}${code.slice(1)}11`.slice(0, 15)),
      homepage: `https://www.example.edu.cn/faculty/${code.toLowerCase()}`,
      nameVariants: seq === 0 ? ['Wang X.M.'] : [],
      seq,
    })),
  );

  const places = await db
    .selectFrom('location')
    .innerJoin('campus', (j) =>
      j.onRef('campus.tenant_id', '=', 'location.tenant_id').onRef('campus.campus_id', '=', 'location.campus_id'),
    )
    .select([
      'campus.lib_code as libCode',
      'location.campus_id as campusId',
      'location.location_id as locationId',
      'location.name as name',
    ])
    .where('location.tenant_id', '=', tenantId)
    .orderBy('location.seq')
    .execute();
  const placeOf = (row: (typeof places)[number] | undefined) =>
    row && { libCode: row.libCode, campusId: row.campusId, locationId: row.locationId };
  const place = placeOf(places[0]);
  // Theses are kept in the theses reading room where the library has one.
  const thesisRoom = placeOf(places.find((p) => p.name.includes('学位论文'))) ?? place;
  const today = new Date();
  const deptName = new Map(DEPARTMENTS.map(([code, names]) => [code, names[0]]));
  const records: RecordInput[] = [];
  let n = 0;
  const copies = (count: number, clc: string, onLoan: boolean, where = place): ItemInput[] =>
    Array.from({ length: count }, (_, c) => ({
      barcode: `S${String(n).padStart(6, '0')}${c}`,
      callNo: `${clc}/${100 + n}`,
      ...(where ?? {}),
      curLocationId: where?.locationId ?? null,
      processTypeCode: onLoan && c === 0 ? '412' : '411',
      dueDate: onLoan && c === 0 ? new Date(today.getTime() + 20 * 86_400_000).toISOString().slice(0, 10) : null,
      circAttr: '0',
      price: '68.00',
      inDate: new Date(today.getTime() - (30 + n * 11) * 86_400_000).toISOString().slice(0, 10),
    }));
  const book = (
    title: string,
    authors: string[],
    clc: string,
    year: number,
    affiliation: string | null,
    english = false,
  ) => {
    n++;
    const r: RecordInput = {
      sourceKey: `demo-subjects:${n}`,
      sourceFormat: 'demo',
      title,
      author: english ? authors.join('; ') : `${authors.join('，')}著`,
      authors,
      responsibility: english ? `by ${authors.join(' and ')}` : `${authors.join('，')}著`,
      publisher: english ? 'Springer' : ['科学出版社', '高等教育出版社', '清华大学出版社', '北京大学出版社'][n % 4]!,
      publishPlace: english ? 'Singapore' : '北京',
      publishYear: String(year),
      publishYearInt: year,
      physicalDescription: `${200 + n * 7}页 ; 24cm`,
      isbns: [makeIsbn13('7-03', 90_000 + n)],
      clcClasses: [clc],
      callNumbers: [`${clc}/${100 + n}`],
      subjects: [title.replace(/[：（].*$/, '')],
      langCode: english ? 'eng' : 'chi',
      countryCode: english ? 'SG' : 'CN',
      docCode: '1',
      abstract: english
        ? null
        : `本书是作者多年研究与教学的总结，系统论述了${title.replace(/[：（].*$/, '')}的理论、方法与应用。`,
      items: copies(1 + (n % 3), clc, n % 4 === 0),
    };
    const marc: MarcJson = demoMarc(r, `OFS${String(n).padStart(8, '0')}`, today);
    if (affiliation) {
      // The author's unit: 100 $u, and the unit as a corporate name (710 $a $b).
      const f100 = marc.fields.find((f) => '100' in f)?.['100'];
      if (f100 && typeof f100 !== 'string') f100.subfields.push(sub('u', affiliation));
      // Where the unit belongs to the university: 710 $a the university, $b the unit; else the body as it is.
      const body = english ? uniEn : uni;
      const unit = affiliation.startsWith(body) ? affiliation.slice(body.length).replace(/^[,\s]+/, '') : '';
      marc.fields.push(data('710', '2', ' ', unit ? [sub('a', body), sub('b', unit)] : [sub('a', affiliation)]));
    }
    r.marc = marc;
    records.push(r);
  };
  for (const [, name, , dept, , , works] of RESEARCHERS) {
    for (const [title, clc, year] of works) book(title, [name], clc, year, `${uni}${deptName.get(dept)}`);
  }
  // An English book of the first researcher, under the pinyin form of the name.
  book(
    'Distributed Transactions in Practice',
    ['Wang, Xiaoming', 'Smith, John'],
    'TP311.13',
    2021,
    `${uniEn}, School of Computer Science`,
    true,
  );
  // Namesakes elsewhere: the name matches, the affiliation does not (listed for staff as possible works only).
  book('王晓明散文选', ['王晓明'], 'I267', 2012, '上海作家协会');
  book('李静油画作品集', ['李静'], 'J223', 2015, null);

  for (const [title, author, degree, dept, supervisor, year, keywords] of THESES) {
    n++;
    const clc = DEPARTMENTS.find(([code]) => code === dept)![3][0]!;
    const r: RecordInput = {
      sourceKey: `demo-subjects:${n}`,
      sourceFormat: 'demo',
      title,
      author: `${author}著`,
      authors: [author],
      responsibility: `${author}著`,
      publisher: uni,
      publishPlace: '北京',
      publishYear: String(year),
      publishYearInt: year,
      physicalDescription: `${80 + (n % 5) * 12}页 ; 30cm`,
      clcClasses: [clc],
      callNumbers: [`${clc}/${degree === '博士' ? 'B' : degree === '硕士' ? 'S' : 'X'}${year}-${n}`],
      subjects: keywords,
      langCode: 'chi',
      countryCode: 'CN',
      docCode: '3',
      abstract: `本文围绕${keywords.join('、')}展开研究，提出了新的方法并通过实验验证了其有效性。`,
      links: [{ url: `https://etd.example.edu.cn/thesis/${year}/${n}.pdf`, label: '学位论文全文' }],
      items: copies(1, clc, false, thesisRoom),
    };
    const marc = demoMarc(r, `OFT${String(n).padStart(8, '0')}`, today);
    // 502 with the degree, granting body and year; the supervisor (700 $e 导师) and the unit (710 $b); keywords (653).
    const at = marc.fields.findIndex((f) => '502' in f);
    const thesis = data('502', ' ', ' ', [
      sub('a', `${degree}学位论文`),
      sub('b', degree),
      sub('c', `${uni}${deptName.get(dept)}`),
      sub('d', String(year)),
    ]);
    if (at >= 0) marc.fields[at] = thesis;
    else marc.fields.push(thesis);
    marc.fields.push(data('500', ' ', ' ', [sub('a', `学科专业：${keywords[0]}方向`)]));
    marc.fields.push(
      data(
        '653',
        ' ',
        ' ',
        keywords.map((k) => sub('a', k)),
      ),
    );
    marc.fields.push(data('700', '0', ' ', [sub('a', supervisor), sub('e', '导师')]));
    marc.fields.push(data('710', '2', ' ', [sub('a', uni), sub('b', deptName.get(dept)!)]));
    r.marc = marc;
    records.push(r);
  }
  const { ids } = await storeRecords(db, tenantId, records);
  for (const [i, [, , , , , , , access]] of THESES.entries()) {
    if (!access) continue;
    const recordId = ids.get(`demo-subjects:${n - THESES.length + 1 + i}`);
    if (recordId)
      await saveThesisAccess(db, tenantId, recordId, { access: access[0], embargoUntil: access[1], url: '' });
  }
}
