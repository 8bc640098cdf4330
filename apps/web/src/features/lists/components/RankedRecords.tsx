import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { recordPath } from '../../../lib/record-path';

/** A record in a ranked list. */
export type RankedRecord = {
  recordId: number;
  title: string;
  author?: string | null;
  publisher?: string | null;
  year?: string | null;
  callNo?: string | null;
  /** The figure the list ranks by (loans, rating, arrival date), already worded. */
  metric?: ReactNode;
};

/** A numbered list of records linking to their details; `start` continues the numbering across pages. */
export function RankedRecords({ records, start = 1 }: { records: RankedRecord[]; start?: number }) {
  return (
    <ol className="of-ranked" start={start}>
      {records.map((r, i) => (
        <li key={`${r.recordId}-${i}`} className="of-ranked-item">
          <span className="of-ranked-no" aria-hidden="true">
            {start + i}
          </span>
          <div className="of-ranked-text">
            <Link to={recordPath(r.recordId)} className="of-ranked-title">
              {r.title}
            </Link>
            <span className="of-muted">{[r.author, r.publisher, r.year, r.callNo].filter(Boolean).join(' · ')}</span>
          </div>
          {r.metric ? <span className="of-ranked-metric">{r.metric}</span> : null}
        </li>
      ))}
    </ol>
  );
}
