/**
 * Texts of the demo discovery data: electronic collections, book lists, donation news and reader
 * comments. Chinese first, with English where a reader of the English interface sees them.
 */

/** [name, Traditional name, English name, description, English description, home page, discipline codes] */
export const DEMO_COLLECTIONS: Array<[string, string, string, string, string, string, string[]]> = [
  [
    '中国知网（CNKI）',
    '中國知網（CNKI）',
    'CNKI China National Knowledge Infrastructure',
    '收录中文学术期刊、博硕士学位论文、会议论文、报纸和年鉴的全文数据库。',
    'Full text of Chinese journals, theses, conference papers, newspapers and yearbooks.',
    'https://www.cnki.net/',
    ['14'],
  ],
  [
    '万方数据知识服务平台',
    '萬方數據知識服務平臺',
    'Wanfang Data',
    '中文期刊、学位论文、会议论文、专利、标准和科技成果。',
    'Chinese journals, dissertations, conference papers, patents, standards and research results.',
    'https://www.wanfangdata.com.cn/',
    ['14'],
  ],
  [
    '维普中文期刊服务平台',
    '維普中文期刊服務平臺',
    'CQVIP Chinese Journals',
    '1989 年以来的中文科技期刊全文。',
    'Chinese science and technology journals since 1989.',
    'https://www.cqvip.com/',
    ['07', '08'],
  ],
  [
    '读秀学术搜索',
    '讀秀學術搜索',
    'Duxiu Academic Search',
    '中文图书全文检索与文献传递。',
    'Full-text search of Chinese books, with document delivery.',
    'https://www.duxiu.com/',
    ['14'],
  ],
  [
    'Web of Science 核心合集',
    'Web of Science 核心合集',
    'Web of Science Core Collection',
    '国际权威的引文索引数据库，覆盖自然科学、社会科学和艺术人文。',
    'Citation indexes of the sciences, social sciences, arts and humanities.',
    'https://www.webofscience.com/',
    ['07', '08', '10'],
  ],
  [
    'ScienceDirect 电子期刊',
    'ScienceDirect 電子期刊',
    'ScienceDirect',
    'Elsevier 出版的期刊与图书全文。',
    'Journals and books published by Elsevier.',
    'https://www.sciencedirect.com/',
    ['07', '08', '10'],
  ],
  [
    'IEEE Xplore 数字图书馆',
    'IEEE Xplore 數位圖書館',
    'IEEE Xplore Digital Library',
    '电气电子、计算机与通信领域的期刊、会议录和标准。',
    'Journals, proceedings and standards in electrical engineering, computing and communications.',
    'https://ieeexplore.ieee.org/',
    ['08'],
  ],
  [
    'SpringerLink',
    'SpringerLink',
    'SpringerLink',
    'Springer 期刊、电子书、丛书与参考工具书。',
    'Springer journals, e-books, book series and reference works.',
    'https://link.springer.com/',
    ['07', '08', '10'],
  ],
  [
    'JSTOR 过刊全文库',
    'JSTOR 過刊全文庫',
    'JSTOR',
    '人文社会科学期刊的完整过刊。',
    'Back runs of journals in the humanities and social sciences.',
    'https://www.jstor.org/',
    ['01', '06', '13'],
  ],
  [
    '北大法宝',
    '北大法寶',
    'PKULaw',
    '法律法规、司法案例与法学期刊。',
    'Chinese laws and regulations, court cases and law journals.',
    'https://www.pkulaw.com/',
    ['03'],
  ],
  [
    '中华经典古籍库',
    '中華經典古籍庫',
    'Chinese Classics Database',
    '中华书局点校本古籍全文。',
    'Punctuated editions of Chinese classics published by Zhonghua Book Company.',
    'https://www.ancientbooks.cn/',
    ['05', '06'],
  ],
  [
    'Nature 系列期刊',
    'Nature 系列期刊',
    'Nature Portfolio journals',
    'Nature 及其子刊的全文。',
    'Full text of Nature and the Nature research journals.',
    'https://www.nature.com/',
    ['07', '10'],
  ],
  [
    'Wiley Online Library',
    'Wiley Online Library',
    'Wiley Online Library',
    'Wiley 出版的期刊、图书和参考工具书（试用）。',
    'Journals, books and reference works published by Wiley (trial).',
    'https://onlinelibrary.wiley.com/',
    ['07', '08', '12'],
  ],
  [
    'ProQuest 学位论文全文库',
    'ProQuest 學位論文全文庫',
    'ProQuest Dissertations & Theses',
    '北美地区博硕士学位论文全文（试用）。',
    'Dissertations and theses, mainly from North America (trial).',
    'https://www.proquest.com/',
    ['14'],
  ],
];

/** Index in `DEMO_COLLECTIONS` → days since it was added, trial days left (or null), visits in 30 days. */
export const COLLECTION_STATE: Array<[addedDaysAgo: number, trialDaysLeft: number | null, visits: number]> = [
  [2900, null, 18_420],
  [2700, null, 9_310],
  [2500, null, 4_120],
  [1800, null, 6_050],
  [1500, null, 3_880],
  [1200, null, 2_740],
  [900, null, 1_960],
  [400, null, 1_420],
  [300, null, 880],
  [120, null, 1_130],
  [45, null, 520],
  [20, null, 610],
  [25, 40, 390],
  [10, 75, 240],
];

/** A book list: names, descriptions and which records it takes (CLC prefixes, or classic works first). */
export interface DemoBookList {
  names: [string, string, string];
  description: [string, string];
  classes: string[];
  views: number;
  createdDaysAgo: number;
}

export const DEMO_BOOK_LISTS: DemoBookList[] = [
  {
    names: ['新生入学推荐书单', '新生入學推薦書單', 'Books for New Students'],
    description: [
      '图书馆员为新同学挑选的经典读物，涵盖文学、历史与科学。',
      'Classics chosen by the librarians for new students: literature, history and science.',
    ],
    classes: ['I2', 'K2', 'O1'],
    views: 3_260,
    createdDaysAgo: 80,
  },
  {
    names: ['中国古典文学名著', '中國古典文學名著', 'Chinese Classical Literature'],
    description: ['四大名著与历代诗文经典。', 'The four great novels and classics of poetry and prose.'],
    classes: ['I2'],
    views: 2_140,
    createdDaysAgo: 300,
  },
  {
    names: ['人工智能入门', '人工智能入門', 'Getting Started with AI'],
    description: [
      '从程序设计到机器学习，循序渐进的计算机科学书单。',
      'From programming to machine learning: computer science step by step.',
    ],
    classes: ['TP3'],
    views: 2_870,
    createdDaysAgo: 40,
  },
  {
    names: ['读懂经济与管理', '讀懂經濟與管理', 'Understanding Economics and Management'],
    description: ['经济学、金融与管理学的入门与进阶读物。', 'Introductions to economics, finance and management.'],
    classes: ['F'],
    views: 1_150,
    createdDaysAgo: 150,
  },
  {
    names: ['医学生必读', '醫學生必讀', 'Essential Reading for Medical Students'],
    description: ['临床与基础医学的核心教材。', 'Core textbooks of clinical and basic medicine.'],
    classes: ['R'],
    views: 640,
    createdDaysAgo: 500,
  },
];

/** [title, English title, content, English content, donor, copies, remark, days ago] */
export const DEMO_DONATE_NEWS: Array<[string, string, string, string, string, number, string, number]> = [
  [
    '1985 级校友向图书馆捐赠图书 320 册',
    'Class of 1985 alumni donate 320 books',
    '1985 级校友返校聚会之际向图书馆捐赠文学、历史类图书 320 册，已全部编目上架，欢迎借阅。',
    'At their reunion the class of 1985 gave the library 320 books of literature and history; all are catalogued and on the shelves.',
    '1985 级校友会',
    320,
    '已上架',
    6,
  ],
  [
    '王教授捐赠个人藏书',
    'Professor Wang donates his personal library',
    '退休教授王明远先生将个人珍藏的数学与物理学专著 156 册捐赠给图书馆，设专架陈列。',
    'Retired professor Wang Mingyuan gave 156 monographs on mathematics and physics from his collection; they have a shelf of their own.',
    '王明远',
    156,
    '设专架',
    21,
  ],
  [
    '出版社捐赠新书 500 册',
    'A publisher donates 500 new books',
    '人民文学出版社向图书馆捐赠近两年出版的新书 500 册，已在新书展示区展出。',
    "People's Literature Publishing House gave 500 books from the last two years, now on the new-books display.",
    '人民文学出版社',
    500,
    '新书展示区',
    45,
  ],
  [
    '“书香传递”毕业生捐书活动圆满结束',
    'Graduates’ book donation drive ends',
    '本届毕业生共捐赠教材与课外读物 1,240 册，其中 860 册将流转给新生。',
    'This year’s graduates gave 1,240 textbooks and other books; 860 of them go on to new students.',
    '2025 届毕业生',
    1240,
    '流转给新生',
    95,
  ],
  [
    '海外校友捐赠英文原版图书',
    'Alumni abroad donate English-language books',
    '旅美校友李晓雯女士捐赠英文原版计算机与管理学图书 88 册。',
    'Alumna Li Xiaowen, living in the United States, gave 88 English-language books on computing and management.',
    '李晓雯',
    88,
    '外文图书借阅区',
    160,
  ],
  [
    '图书馆接受地方志捐赠',
    'Local gazetteers donated to the library',
    '市地方志办公室向图书馆捐赠新编地方志 42 种。',
    'The city gazetteer office gave 42 newly compiled local gazetteers.',
    '市地方志办公室',
    42,
    '地方文献阅览室',
    320,
  ],
];

/** Reader names shown (masked) under comments. */
export const DEMO_READER_NAMES = [
  '张伟',
  '王芳',
  '李娜',
  '刘洋',
  '陈静',
  '杨帆',
  '赵磊',
  '黄婷',
  '周杰',
  '吴敏',
  'Emily',
  'David',
  '孙浩',
  '马丽',
  '朱琳',
  '胡军',
];

/** Comments: [text, score it goes with]. */
export const DEMO_COMMENTS: Array<[string, number]> = [
  ['非常经典，值得反复阅读。', 5],
  ['内容扎实，讲解清楚，适合入门。', 5],
  ['翻译流畅，注释详细，推荐这个版本。', 5],
  ['写得很好，就是篇幅有点长。', 4],
  ['课程参考书，例题很多，复习时很有帮助。', 4],
  ['图书馆的这本有点旧了，希望能补充新版。', 4],
  ['前半部分很精彩，后面略显拖沓。', 3],
  ['适合有一定基础的读者，初学者读起来比较吃力。', 3],
  ['排版密集，阅读体验一般。', 2],
  ['A classic. Clear and well argued.', 5],
  ['Useful reference, though some chapters are dated.', 4],
  ['Good introduction; the exercises help a lot.', 4],
];
