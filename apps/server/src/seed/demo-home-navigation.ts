import { sql, type Kysely } from 'kysely';
import type { FixedIcon } from '@openfind/contract';
import type { Database } from '../db/schema.js';
import { chinaDate } from '../modules/home-navigation/home-navigation-service.js';

/** The fixed icons a Chinese university library shows at the page's right edge. */
const ICONS: FixedIcon[] = [
  {
    kind: 'top',
    glyph: 'top',
    name: '返回顶部',
    nameTw: '回到頂部',
    nameEn: 'Back to top',
    address: '',
    newTab: false,
    enabled: true,
  },
  {
    kind: 'link',
    glyph: 'feedback',
    name: '意见反馈',
    nameTw: '意見回饋',
    nameEn: 'Feedback',
    address: '/myLibrary?key=12',
    newTab: false,
    enabled: true,
  },
  {
    kind: 'qr',
    glyph: 'wechat',
    name: '微信公众号',
    nameTw: '微信公眾號',
    nameEn: 'WeChat account',
    address: '/favicon.svg',
    newTab: false,
    enabled: true,
  },
  {
    kind: 'link',
    glyph: 'chat',
    name: '在线咨询',
    nameTw: '線上諮詢',
    nameEn: 'Ask a librarian',
    address: '/myLibrary?key=12',
    newTab: false,
    enabled: true,
  },
  {
    kind: 'qr',
    glyph: 'mobile',
    name: '移动图书馆',
    nameTw: '行動圖書館',
    nameEn: 'Mobile site',
    address: '/favicon.svg',
    newTab: false,
    enabled: true,
  },
];

/** Menu entries and elements used over the last days, for the console's usage figures. */
const USAGE: [string, string, number][] = [
  ['nav', 'path:/dataBaseNav', 41],
  ['nav', 'path:/magazineNav', 27],
  ['nav', 'path:/newBookInform', 19],
  ['nav', 'path:/courseReference', 8],
  ['click', 'quickLink.databases', 33],
  ['click', 'quickLink.journals', 21],
  ['click', 'quickLink.eBooks', 12],
  ['click', 'fixedIcon.wechat', 6],
  ['download', 'attachment.notice:1', 4],
];

/** An institution's fixed icons and a fortnight of navigation use (idempotent). */
export async function seedDemoHomeNavigation(db: Kysely<Database>, tenantId: number): Promise<void> {
  await sql`INSERT INTO home_fixed_icon_set (tenant_id, icons, version, updated_by)
    VALUES (${tenantId}, ${JSON.stringify(ICONS)}::jsonb, 1, 'seed') ON CONFLICT (tenant_id) DO NOTHING`.execute(db);
  for (let d = 0; d < 14; d++) {
    const day = chinaDate(-d);
    for (const [kind, element, base] of USAGE) {
      const count = Math.max(1, Math.round((base * (14 - d)) / 14 / 3));
      await sql`INSERT INTO home_element_daily (tenant_id, day, kind, element, count)
        VALUES (${tenantId}, ${day}::date, ${kind}, ${element}, ${count}) ON CONFLICT DO NOTHING`.execute(db);
    }
  }
}
