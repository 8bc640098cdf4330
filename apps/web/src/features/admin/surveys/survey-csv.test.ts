import { describe, expect, it } from 'vitest';
import { surveyCsv, surveyCsvName } from './survey-csv';

const labels = { responseId: '编号', submittedAt: '提交时间', account: '账号', readerName: '姓名' };
const data = {
  title: '满意度',
  anonymous: false,
  questions: [
    { questionId: 1, prompt: '满意吗' },
    { questionId: 2, prompt: '建议' },
  ],
  rows: [
    {
      responseId: 7,
      submittedAt: '2026-11-28T10:00:00.000Z',
      account: 'r1',
      readerName: '张三',
      answers: ['满意', '多开放, "晚上"'],
    },
    {
      responseId: 8,
      submittedAt: '2026-11-28T11:00:00.000Z',
      account: 'r2',
      readerName: '李四',
      answers: ['一般', '=HYPERLINK("x")'],
    },
  ],
  capped: false,
};

describe('the survey CSV', () => {
  it('starts with a byte order mark, quotes as RFC 4180 and neutralises formulas', () => {
    const csv = surveyCsv(data, labels);
    expect(csv.startsWith('\uFEFF编号,提交时间,账号,姓名,满意吗,建议\r\n')).toBe(true);
    expect(csv).toContain('7,2026-11-28T10:00:00.000Z,r1,张三,满意,"多开放, ""晚上"""\r\n');
    expect(csv).toContain(`8,2026-11-28T11:00:00.000Z,r2,李四,一般,"'=HYPERLINK(""x"")"\r\n`);
  });

  it('has no reader columns for an anonymous survey', () => {
    const csv = surveyCsv(
      { ...data, anonymous: true, rows: data.rows.map((r) => ({ ...r, account: '', readerName: '' })) },
      labels,
    );
    expect(csv.split('\r\n')[0]).toBe('\uFEFF编号,提交时间,满意吗,建议');
    expect(csv).not.toContain('张三');
  });

  it('names the file after the title', () => {
    expect(surveyCsvName('读者 满意度/2026', new Date('2026-11-28T00:00:00Z'))).toBe('读者_满意度_2026-2026-11-28.csv');
  });
});
