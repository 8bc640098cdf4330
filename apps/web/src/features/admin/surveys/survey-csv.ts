import type { SurveyExport } from '@openfind/contract';
import { toCsv } from '../reports/csv';

/** The column names of the export besides the questions. */
export interface SurveyCsvLabels {
  responseId: string;
  submittedAt: string;
  account: string;
  readerName: string;
}

/**
 * The CSV of a survey's submissions: one row each, a column per question (its prompt), the reader's
 * columns only when the survey is not anonymous. UTF-8 with a byte order mark (Excel reads Chinese),
 * formula-like answers neutralised (`toCsv`).
 */
export function surveyCsv(data: SurveyExport, labels: SurveyCsvLabels): string {
  const who = data.anonymous ? [] : [labels.account, labels.readerName];
  const header = [labels.responseId, labels.submittedAt, ...who, ...data.questions.map((q) => q.prompt)];
  const rows = data.rows.map((r) => [
    r.responseId,
    r.submittedAt,
    ...(data.anonymous ? [] : [r.account, r.readerName]),
    ...r.answers,
  ]);
  return toCsv(header, rows);
}

/** A file name for the export: the title's safe characters and the day. */
export function surveyCsvName(title: string, today = new Date()): string {
  const safe = title.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60) || 'survey';
  return `${safe}-${today.toISOString().slice(0, 10)}.csv`;
}
