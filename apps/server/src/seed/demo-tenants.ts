import type { InstitutionParams, MenusInput, SiteConfigPatch } from '@openfind/contract';
import type { NewTenant } from '../modules/tenants/tenant-repository.js';

type Names = [zh: string, tw: string, en: string];

/** A demo institution: identity, settings, menus and its libraries, campuses and locations. */
export interface DemoTenant {
  tenant: NewTenant;
  config: SiteConfigPatch;
  params?: Partial<InstitutionParams>;
  menus?: MenusInput;
  libraries: Array<{ code: string; names: Names; main?: boolean }>;
  campuses: Array<{ id: string; lib: string; names: Names }>;
  /** [locationId, campusId, locationTypeCode, names, entrust, subscribe] */
  locations: Array<[string, string, string, Names, boolean, boolean]>;
}

/**
 * The institutions a fresh install shows: a university library at `/`, a second university at
 * `/beiling` (group code 200616, its own colours and menu) and a city library at `/xihu` with the
 * tenant-specific footer and font.
 */
export const DEMO_TENANTS: DemoTenant[] = [
  {
    tenant: {
      mappingPath: '',
      groupCode: '100001',
      name: 'OpenFind 示范大学图书馆',
      nameTw: 'OpenFind 示範大學圖書館',
      nameEn: 'OpenFind Demo University Library',
      label: '示范大学',
      fid: '1001',
    },
    config: {
      independentLibCode: '1',
      icpFilingNumber: '示例ICP备00000001号-1',
      policeFilingNumber: '示例公网安备 00000000000001号',
    },
    libraries: [
      { code: 'OFU', names: ['示范大学图书馆', '示範大學圖書館', 'Demo University Library'], main: true },
      { code: 'OFU-MED', names: ['医学分馆', '醫學分館', 'Medical Branch Library'] },
    ],
    campuses: [
      { id: '1', lib: 'OFU', names: ['中心校区', '中心校區', 'Central Campus'] },
      { id: '2', lib: 'OFU', names: ['东校区', '東校區', 'East Campus'] },
      { id: '3', lib: 'OFU-MED', names: ['医学部', '醫學部', 'Health Science Centre'] },
    ],
    locations: [
      ['101', '1', '1', ['中文图书借阅区（二层）', '中文圖書借閱區（二樓）', 'Chinese Books (2F)'], true, true],
      [
        '102',
        '1',
        '1',
        ['外文图书借阅区（三层）', '外文圖書借閱區（三樓）', 'Foreign-language Books (3F)'],
        true,
        true,
      ],
      ['103', '1', '2', ['中文期刊阅览室', '中文期刊閱覽室', 'Chinese Journals Reading Room'], false, false],
      ['104', '1', '5', ['过刊库', '過刊庫', 'Back Issues Stacks'], true, false],
      ['105', '1', '3', ['密集书库', '密集書庫', 'Compact Stacks'], true, true],
      ['106', '1', '4', ['古籍特藏室', '古籍特藏室', 'Rare Books and Special Collections'], false, false],
      ['107', '1', '2', ['学位论文阅览室', '學位論文閱覽室', 'Theses Reading Room'], false, false],
      ['201', '2', '1', ['东校区综合借阅室', '東校區綜合借閱室', 'East Campus Lending Room'], true, true],
      ['202', '2', '6', ['东校区自助还书点', '東校區自助還書點', 'East Campus Self-return'], false, false],
      ['301', '3', '1', ['医学图书借阅区', '醫學圖書借閱區', 'Medical Books'], true, true],
      ['302', '3', '2', ['医学期刊阅览室', '醫學期刊閱覽室', 'Medical Journals Reading Room'], false, false],
    ],
  },
  {
    tenant: {
      mappingPath: 'beiling',
      groupCode: '200616',
      name: '北岭理工大学图书馆',
      nameTw: '北嶺理工大學圖書館',
      nameEn: 'Beiling University of Technology Library',
      label: '北岭理工',
      fid: '2616',
    },
    config: {
      navBackColor: '1d5c3f',
      navTextColor: 'ffffff',
      loginDialogVariant: '200616',
      icpFilingNumber: '示例ICP备00000616号',
    },
    params: { version: '3.2' },
    menus: {
      menuA: [
        { menuName: '首页', complexFont: '首頁', englishName: 'Home', menuUrl: '/Home' },
        {
          menuName: '馆藏检索',
          complexFont: '館藏檢索',
          englishName: 'Catalogue',
          menuUrl: '',
          child: [
            {
              menuName: '高级检索',
              complexFont: '進階檢索',
              englishName: 'Advanced search',
              menuUrl: '/advanceSearch',
            },
            {
              menuName: '分类浏览',
              complexFont: '分類瀏覽',
              englishName: 'Browse by class',
              menuUrl: '/categorySearchList',
            },
          ],
        },
        { menuName: '新书通报', complexFont: '新書通報', englishName: 'New books', menuUrl: '/newBookInform' },
        { menuName: '热门借阅', complexFont: '熱門借閱', englishName: 'Most borrowed', menuUrl: '/readRange' },
        { menuName: '数据库导航', complexFont: '資料庫導覽', englishName: 'Databases', menuUrl: '/dataBaseNav' },
        {
          menuName: '图书馆主页',
          complexFont: '圖書館首頁',
          englishName: 'Library website',
          menuUrl: 'https://library.beiling.example/',
          jumpMode: '2',
        },
      ],
    },
    libraries: [
      { code: 'BL', names: ['北岭理工大学图书馆', '北嶺理工大學圖書館', 'Beiling Tech Library'], main: true },
    ],
    campuses: [
      { id: '1', lib: 'BL', names: ['本部', '本部', 'Main Campus'] },
      { id: '2', lib: 'BL', names: ['南校区', '南校區', 'South Campus'] },
    ],
    locations: [
      ['11', '1', '1', ['自然科学借阅区', '自然科學借閱區', 'Science and Engineering Books'], true, true],
      ['12', '1', '1', ['社会科学借阅区', '社會科學借閱區', 'Social Sciences Books'], true, true],
      ['13', '1', '2', ['期刊阅览室', '期刊閱覽室', 'Journals Reading Room'], false, false],
      ['21', '2', '1', ['南校区图书借阅室', '南校區圖書借閱室', 'South Campus Lending Room'], true, true],
    ],
  },
  {
    tenant: {
      mappingPath: 'xihu',
      groupCode: '300021',
      name: '西湖市图书馆',
      nameTw: '西湖市圖書館',
      nameEn: 'Xihu City Library',
      label: '西湖图书馆',
      fid: '3021',
    },
    config: {
      navBackColor: '7a1f1f',
      navTextColor: 'ffffff',
      specialFont: '"LXGW WenKai", "KaiTi", "STKaiti", "BiauKai", serif',
      consultationPhone: '0571-8000 0000',
      directorMailbox: 'director@xihu-library.example',
      digitalLibraryMenu: '1',
      copyrightHolder: '西湖市图书馆',
    },
    params: { newAISearchFlag: '1' },
    libraries: [
      { code: 'XH', names: ['西湖市图书馆', '西湖市圖書館', 'Xihu City Library'], main: true },
      { code: 'XH-CH', names: ['少年儿童分馆', '少年兒童分館', "Children's Library"] },
    ],
    campuses: [
      { id: '1', lib: 'XH', names: ['总馆', '總館', 'Central Library'] },
      { id: '2', lib: 'XH-CH', names: ['少儿馆', '少兒館', "Children's Library"] },
    ],
    locations: [
      ['1', '1', '1', ['综合图书借阅区', '綜合圖書借閱區', 'General Lending'], true, true],
      ['2', '1', '4', ['地方文献室', '地方文獻室', 'Local History Room'], false, false],
      ['3', '2', '1', ['少儿借阅区', '少兒借閱區', "Children's Lending"], true, true],
    ],
  },
];
