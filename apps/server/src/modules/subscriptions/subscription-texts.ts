import type { Lang } from '@openfind/contract';

/** One subscription's part of a digest: its name, the new records (title and link), how many in all. */
export interface DigestSection {
  title: string;
  total: number;
  records: Array<{ title: string; url: string }>;
  /** The signed unsubscribe page of this subscription. */
  unsubscribeUrl: string;
}

interface Words {
  subject: (n: number) => string;
  greeting: (name: string) => string;
  intro: string;
  more: (n: number) => string;
  unsubscribe: string;
  footer: string;
  untitled: string;
  pageTitle: string;
  confirm: (title: string) => string;
  confirmButton: string;
  done: (title: string) => string;
  bad: string;
  feedTitle: (title: string) => string;
}

const cut = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

const WORDS: Record<Lang, Words> = {
  'zh-CN': {
    subject: (n) => `订阅提醒：${n} 条新记录`,
    greeting: (name) => `${name ? `${name}，` : ''}您好：`,
    intro: '您订阅的检索有新的馆藏记录：',
    more: (n) => `……另有 ${n} 条，登录“我的图书馆 › 我的订阅”查看`,
    unsubscribe: '退订',
    footer: '可在“我的图书馆 › 我的订阅”中修改接收频率和方式。',
    untitled: '（无题名）',
    pageTitle: '退订',
    confirm: (t) => `确定退订“${t}”吗？退订后将不再收到这项订阅的提醒。`,
    confirmButton: '确认退订',
    done: (t) => `已退订“${t}”。`,
    bad: '链接无效或已失效。',
    feedTitle: (t) => `订阅：${t}`,
  },
  'zh-TW': {
    subject: (n) => `訂閱提醒：${n} 筆新記錄`,
    greeting: (name) => `${name ? `${name}，` : ''}您好：`,
    intro: '您訂閱的檢索有新的館藏記錄：',
    more: (n) => `……另有 ${n} 筆，登入「我的圖書館 › 我的訂閱」查看`,
    unsubscribe: '取消訂閱',
    footer: '可在「我的圖書館 › 我的訂閱」中修改接收頻率和方式。',
    untitled: '（無題名）',
    pageTitle: '取消訂閱',
    confirm: (t) => `確定取消訂閱「${t}」嗎？取消後將不再收到這項訂閱的提醒。`,
    confirmButton: '確認取消訂閱',
    done: (t) => `已取消訂閱「${t}」。`,
    bad: '連結無效或已失效。',
    feedTitle: (t) => `訂閱：${t}`,
  },
  'en-US': {
    subject: (n) => (n === 1 ? 'Your subscriptions: 1 new record' : `Your subscriptions: ${n} new records`),
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    intro: 'New records match your subscriptions:',
    more: (n) => `…and ${n} more: see My Library › Subscriptions`,
    unsubscribe: 'Unsubscribe',
    footer: 'Change how often and how you receive these in My Library › Subscriptions.',
    untitled: '(untitled)',
    pageTitle: 'Unsubscribe',
    confirm: (t) => `Unsubscribe from “${t}”? You will no longer be told about its new records.`,
    confirmButton: 'Unsubscribe',
    done: (t) => `You are unsubscribed from “${t}”.`,
    bad: 'This link is not valid or no longer works.',
    feedTitle: (t) => `Subscription: ${t}`,
  },
};

/** The words of the unsubscribe page and the feed. */
export const subscriptionWords = (lang: Lang): Words => WORDS[lang];

/**
 * One reader's digest in `lang`: per subscription its name, the new records (title and link to the
 * record page), how many more, and its unsubscribe link; the same text goes to the inbox and by e-mail
 * (the mail with the unsubscribe links, the inbox without: the reader is logged in there).
 */
export function digestMessage(
  lang: Lang,
  d: { library: string; readerName: string; sections: readonly DigestSection[]; forMail: boolean },
): { subject: string; text: string } {
  const w = WORDS[lang];
  const total = d.sections.reduce((n, s) => n + s.total, 0);
  const subject = `${lang === 'en-US' ? `${d.library}: ` : `【${d.library}】`}${w.subject(total)}`;
  const parts = [w.greeting(d.readerName.trim()), w.intro];
  for (const s of d.sections) {
    const lines = [lang === 'en-US' ? `■ ${s.title} (${s.total})` : `■ ${s.title}（${s.total}）`];
    for (const r of s.records) lines.push(`· ${cut(r.title || w.untitled)}`, `  ${r.url}`);
    if (s.total > s.records.length) lines.push(w.more(s.total - s.records.length));
    if (d.forMail) lines.push(`${w.unsubscribe}: ${s.unsubscribeUrl}`);
    parts.push(lines.join('\n'));
  }
  parts.push(w.footer, d.library);
  return { subject, text: parts.join('\n\n') + '\n' };
}
