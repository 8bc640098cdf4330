import { Link } from 'react-router';
import type { Bean2 } from '@openfind/contract';
import { searchPath } from '../../../lib/record-path';

/** Rows whose values are searchable headings: each part links to a search in that scope. */
const LINKED_ROWS: Record<string, string> = { cnb62: 'subject', cnb67: 'kindNo' };

/** A row's value; subject headings and classes link to a search, one link per heading. */
function RowValue({ row }: { row: Bean2 }) {
  const scope = LINKED_ROWS[row.key];
  if (!scope) return <>{row.fieldVal}</>;
  const parts = row.fieldVal
    .split(/\s*[;；]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {parts.map((part, i) => (
        <span key={`${part}-${i}`}>
          {i > 0 ? '; ' : null}
          <Link to={searchPath(scope, part.replace(/^[-—\s]+|[-—\s]+$/g, ''))}>{part}</Link>
        </span>
      ))}
    </>
  );
}

/** The basic-information rows (bean2List) in the request language, as a description list. */
export function BasicInfo({ rows }: { rows: Bean2[] }) {
  return (
    <dl className="of-basic-info">
      {rows.map((row, i) => (
        <div key={`${row.key}-${i}`} className="of-basic-row">
          <dt>{row.description}</dt>
          <dd>
            <RowValue row={row} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
