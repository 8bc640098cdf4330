import type { RecordBrief } from '@openfind/contract';

/** The columns a record brief is made of. */
export interface BriefRow {
  record_id: number;
  title: string;
  author: string;
  publisher: string | null;
  publish_year: string | null;
  isbns: string[];
}

/** A record as lists show it ('' for what is unknown). */
export function recordBrief(r: BriefRow): RecordBrief {
  return {
    recordId: r.record_id,
    title: r.title,
    author: r.author,
    publisher: r.publisher ?? '',
    publishYear: r.publish_year ?? '',
    isbn: r.isbns[0] ?? '',
  };
}
