import type { Kysely } from 'kysely';
import type { ReadingKind } from '@openfind/contract';
import type { Database } from '../db/schema.js';
import { importCourseLines, type CourseLine } from '../modules/courses/course-import.js';
import { findBookWithWord } from '../modules/courses/course-repository.js';

/** A course of the demo: code, names (zh, zh-TW, en), department (code, zh, en), teachers, term, hours, description. */
type DemoCourse = {
  code: string;
  names: [string, string, string];
  dept: [string, string, string];
  teachers: string;
  term: string;
  hours: number;
  description: string;
  /** Books: [title, author, kind, note], or a word the catalogue's title holds (cited with its ISBN). */
  books: Array<[string, string, ReadingKind, string] | { word: string; kind: ReadingKind; note?: string }>;
};

const CS: [string, string, string] = ['CS', '计算机科学与技术学院', 'School of Computer Science'];
const LIT: [string, string, string] = ['LIT', '文学院', 'School of Chinese Literature'];
const HIS: [string, string, string] = ['HIS', '历史学院', 'School of History'];
const SOC: [string, string, string] = ['SOC', '社会学院', 'School of Sociology'];
const FL: [string, string, string] = ['FL', '外国语学院', 'School of Foreign Languages'];
const IM: [string, string, string] = ['IM', '信息管理学院', 'School of Information Management'];

const COURSES: DemoCourse[] = [
  {
    code: 'CS2101',
    names: ['数据结构与算法', '資料結構與演算法', 'Data Structures and Algorithms'],
    dept: CS,
    teachers: '张伟(T10231); 李娜(T10458)',
    term: '2026-2027-1',
    hours: 64,
    description: '线性表、树、图、查找与排序等基本数据结构及其算法分析，计算机类专业核心课程。',
    books: [
      { word: '数据结构', kind: 'required', note: '主教材' },
      ['Introduction to Algorithms', 'Cormen', 'required', '第 1–4 部分'],
      ['The C Programming Language', 'Kernighan', 'recommended', '实验参考'],
    ],
  },
  {
    code: 'CS3105',
    names: ['数据库系统原理', '資料庫系統原理', 'Principles of Database Systems'],
    dept: CS,
    teachers: '王强(T10872)',
    term: '2026-2027-1',
    hours: 48,
    description: '关系模型、SQL、规范化理论、事务与并发控制、查询优化。',
    books: [
      ['Database System Concepts', 'Silberschatz', 'required', '第 7 版'],
      { word: '数据库', kind: 'recommended' },
      { word: '软件工程', kind: 'recommended' },
    ],
  },
  {
    code: 'LIT1203',
    names: ['中国现代文学史', '中國現代文學史', 'History of Modern Chinese Literature'],
    dept: LIT,
    teachers: '陈静(T20115); 刘洋(T20377)',
    term: '2026-2027-1',
    hours: 54,
    description: '1917 年至 1949 年中国文学的发展脉络，重点研读鲁迅、沈从文、老舍、钱锺书等作家的代表作品。',
    books: [
      ['呐喊', '鲁迅', 'required', ''],
      ['边城', '沈从文', 'required', ''],
      ['骆驼祥子', '老舍', 'required', ''],
      ['围城', '钱锺书', 'recommended', ''],
      // Not in the demo catalogue: kept with its citation, listed for staff to match.
      ['中国现代文学三十年', '钱理群, 温儒敏, 吴福辉', 'required', '修订本，北京大学出版社'],
    ],
  },
  {
    code: 'LIT1101',
    names: ['中国古代文学名著导读', '中國古代文學名著導讀', 'Classics of Pre-modern Chinese Literature'],
    dept: LIT,
    teachers: '赵敏(T20064)',
    term: '2026-2027-1',
    hours: 32,
    description: '“四大名著”与《史记》选读，通识教育核心课。',
    books: [
      ['红楼梦', '曹雪芹', 'required', '前八十回'],
      ['三国演义', '罗贯中', 'recommended', ''],
      ['水浒传', '施耐庵', 'recommended', ''],
      ['西游记', '吴承恩', 'recommended', ''],
      ['史记', '司马迁', 'required', '本纪、列传选读'],
    ],
  },
  {
    code: 'HIS2001',
    names: ['中国通史', '中國通史', 'General History of China'],
    dept: HIS,
    teachers: '孙建国(T30218)',
    term: '2026-2027-1',
    hours: 64,
    description: '从先秦到近代的中国历史，兼及制度、经济与文化。',
    books: [
      ['万历十五年', '黄仁宇', 'required', ''],
      ['史记', '司马迁', 'recommended', ''],
      { word: '中国通史', kind: 'required', note: '主教材' },
      ['全球通史', '斯塔夫里阿诺斯', 'recommended', '比较阅读'],
    ],
  },
  {
    code: 'SOC1001',
    names: ['社会学概论', '社會學概論', 'Introduction to Sociology'],
    dept: SOC,
    teachers: '周丽(T40133)',
    term: '2025-2026-2',
    hours: 48,
    description: '社会学的基本概念、理论视角与研究方法，结合中国社会的经典研究。',
    books: [
      ['乡土中国', '费孝通', 'required', ''],
      ['人类简史', '赫拉利', 'recommended', ''],
    ],
  },
  {
    code: 'PHI1002',
    names: ['中国哲学导论', '中國哲學導論', 'Introduction to Chinese Philosophy'],
    dept: HIS,
    teachers: '吴志远(T30341)',
    term: '2025-2026-2',
    hours: 32,
    description: '先秦诸子至宋明理学的主要问题与文本。',
    books: [
      ['中国哲学简史', '冯友兰', 'required', ''],
      ['论语译注', '杨伯峻', 'required', ''],
    ],
  },
  {
    code: 'FL2204',
    names: ['英国小说选读', '英國小說選讀', 'Readings in the English Novel'],
    dept: FL,
    teachers: 'Emily Carter(T50012); 黄晓燕(T50087)',
    term: '2026-2027-1',
    hours: 32,
    description: '以原著精读为主，讨论十九世纪英国小说的主题与叙事。',
    books: [
      ['Pride and Prejudice', 'Austen', 'required', 'Penguin Classics'],
      { word: '英语写作', kind: 'recommended' },
    ],
  },
  {
    code: 'IM1301',
    names: ['文献检索与利用', '文獻檢索與利用', 'Information Retrieval and Library Research'],
    dept: IM,
    teachers: '郑红(T60029)',
    term: '2026-2027-1',
    hours: 24,
    description: '图书馆资源与数据库（中国知网、万方、Web of Science）的检索方法与文献管理。',
    books: [
      { word: '文献检索', kind: 'required', note: '主教材' },
      { word: '信息资源管理', kind: 'recommended' },
      { word: '目录学', kind: 'recommended' },
    ],
  },
  {
    code: 'LIT2306',
    names: ['当代中国小说研读', '當代中國小說研讀', 'Contemporary Chinese Fiction'],
    dept: LIT,
    teachers: '刘洋(T20377)',
    term: '2025-2026-2',
    hours: 32,
    description: '新时期以来的长篇小说：乡土、历史与科幻。',
    books: [
      ['活着', '余华', 'required', ''],
      ['平凡的世界', '路遥', 'required', ''],
      ['白鹿原', '陈忠实', 'recommended', ''],
      ['三体', '刘慈欣', 'recommended', ''],
    ],
  },
];

/**
 * The demo institution's course reading lists (课程参考书), through the loader `openfind courses import`
 * uses: ten courses of two terms in six departments, their books matched to the demo catalogue by
 * title and author (the classics every demo catalogue begins with) or by ISBN (a record found by a
 * word of its title), and one entry no record matches.
 */
export async function seedDemoCourses(db: Kysely<Database>, tenantId: number): Promise<void> {
  const lines: CourseLine[] = [];
  let line = 1;
  for (const c of COURSES) {
    for (const b of c.books) {
      let book: { title: string; author: string; isbn: string; kind: ReadingKind; note: string };
      if (Array.isArray(b)) book = { title: b[0], author: b[1], isbn: '', kind: b[2], note: b[3] };
      else {
        const found = await findBookWithWord(db, tenantId, b.word);
        if (!found) continue;
        book = { ...found, kind: b.kind, note: b.note ?? '' };
      }
      lines.push({
        line: ++line,
        code: c.code,
        name: c.names[0],
        nameTw: c.names[1],
        nameEn: c.names[2],
        teachers: c.teachers,
        deptCode: c.dept[0],
        deptName: c.dept[1],
        deptNameEn: c.dept[2],
        term: c.term,
        classHours: c.hours,
        description: c.description,
        ...book,
      });
    }
  }
  await importCourseLines(db, tenantId, lines);
}
