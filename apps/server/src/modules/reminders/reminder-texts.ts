import type { Lang } from '@openfind/contract';

/** One loan in a reminder: its title, due date and how far it is from today. */
export interface ReminderLine {
  title: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  /** Days past the due date: negative = days left, 0 = due today. */
  daysLate: number;
}

interface Words {
  subjectDue: string;
  subjectOverdue: string;
  subjectBoth: string;
  greeting: (name: string) => string;
  dueHead: string;
  overdueHead: string;
  line: (title: string, due: string, when: string) => string;
  today: string;
  left: (n: number) => string;
  late: (n: number) => string;
  footer: string;
  calendarName: string;
  eventSummary: (title: string) => string;
  alarm: (title: string) => string;
  eventDetail: (fields: { barcode?: string | null; callNo?: string | null; library?: string | null }) => string;
}

/** Long titles are cut in a reminder (the whole record is one click away in My Library). */
const cut = (title: string) => (title.length > 120 ? `${title.slice(0, 119)}…` : title);

const WORDS: Record<Lang, Words> = {
  'zh-CN': {
    subjectDue: '借阅到期提醒',
    subjectOverdue: '图书超期提醒',
    subjectBoth: '借阅到期与超期提醒',
    greeting: (name) => `${name ? `${name}，` : ''}您好：`,
    dueHead: '以下图书即将到期，请按时归还或续借：',
    overdueHead: '以下图书已超期，请尽快归还：',
    line: (title, due, when) => `· 《${cut(title)}》，应还日期 ${due}（${when}）`,
    today: '今天到期',
    left: (n) => `还有 ${n} 天`,
    late: (n) => `已超期 ${n} 天`,
    footer: '登录“我的图书馆”可查看借阅、办理续借。不想再收到提醒，可在“我的图书馆 › 借阅”中关闭。',
    calendarName: '借阅到期日',
    eventSummary: (title) => `还书：《${cut(title)}》`,
    alarm: (title) => `明天到期：《${cut(title)}》`,
    eventDetail: (f) =>
      [f.barcode && `条码号：${f.barcode}`, f.callNo && `索书号：${f.callNo}`, f.library && `馆藏地：${f.library}`]
        .filter(Boolean)
        .join('\n'),
  },
  'zh-TW': {
    subjectDue: '借閱到期提醒',
    subjectOverdue: '圖書逾期提醒',
    subjectBoth: '借閱到期與逾期提醒',
    greeting: (name) => `${name ? `${name}，` : ''}您好：`,
    dueHead: '以下圖書即將到期，請按時歸還或續借：',
    overdueHead: '以下圖書已逾期，請盡快歸還：',
    line: (title, due, when) => `· 《${cut(title)}》，應還日期 ${due}（${when}）`,
    today: '今天到期',
    left: (n) => `還有 ${n} 天`,
    late: (n) => `已逾期 ${n} 天`,
    footer: '登入「我的圖書館」可查看借閱、辦理續借。不想再收到提醒，可在「我的圖書館 › 借閱」中關閉。',
    calendarName: '借閱到期日',
    eventSummary: (title) => `還書：《${cut(title)}》`,
    alarm: (title) => `明天到期：《${cut(title)}》`,
    eventDetail: (f) =>
      [f.barcode && `條碼號：${f.barcode}`, f.callNo && `索書號：${f.callNo}`, f.library && `館藏地：${f.library}`]
        .filter(Boolean)
        .join('\n'),
  },
  'en-US': {
    subjectDue: 'Loans due soon',
    subjectOverdue: 'Overdue loans',
    subjectBoth: 'Loans due soon and overdue',
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    dueHead: 'These loans are due soon; please return or renew them in time:',
    overdueHead: 'These loans are overdue; please return them as soon as you can:',
    line: (title, due, when) => `- "${cut(title)}", due ${due} (${when})`,
    today: 'due today',
    left: (n) => (n === 1 ? 'in 1 day' : `in ${n} days`),
    late: (n) => (n === 1 ? '1 day overdue' : `${n} days overdue`),
    footer:
      'Sign in to My Library to see your loans and renew them. To stop these reminders, turn them off in My Library › Loans.',
    calendarName: 'Loans due',
    eventSummary: (title) => `Due: "${cut(title)}"`,
    alarm: (title) => `Due tomorrow: "${cut(title)}"`,
    eventDetail: (f) =>
      [
        f.barcode && `Barcode: ${f.barcode}`,
        f.callNo && `Call number: ${f.callNo}`,
        f.library && `Library: ${f.library}`,
      ]
        .filter(Boolean)
        .join('\n'),
  },
};

/** The words of the calendar feed in `lang`. */
export function calendarWords(lang: Lang): Pick<Words, 'calendarName' | 'eventSummary' | 'alarm' | 'eventDetail'> {
  return WORDS[lang];
}

/**
 * One reader's reminder in `lang`: a subject and a plain text listing the loans due soon, then the
 * overdue ones, signed with the institution's name. The same text goes to the inbox and by e-mail.
 */
export function reminderMessage(
  lang: Lang,
  m: { library: string; readerName: string; lines: readonly ReminderLine[] },
): { subject: string; text: string } {
  const w = WORDS[lang];
  const due = m.lines.filter((l) => l.daysLate <= 0);
  const overdue = m.lines.filter((l) => l.daysLate > 0);
  const subject = `${lang === 'en-US' ? `${m.library}: ` : `【${m.library}】`}${
    due.length && overdue.length ? w.subjectBoth : due.length ? w.subjectDue : w.subjectOverdue
  }`;
  const parts = [w.greeting(m.readerName.trim())];
  if (due.length)
    parts.push(
      [w.dueHead, ...due.map((l) => w.line(l.title, l.dueDate, l.daysLate === 0 ? w.today : w.left(-l.daysLate)))].join(
        '\n',
      ),
    );
  if (overdue.length)
    parts.push([w.overdueHead, ...overdue.map((l) => w.line(l.title, l.dueDate, w.late(l.daysLate)))].join('\n'));
  parts.push(w.footer, m.library);
  return { subject, text: parts.join('\n\n') + '\n' };
}
