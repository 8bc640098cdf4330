import { Link } from 'react-router';
import type { Bean2 } from '@openfind/contract';
import { WithRomanized } from '../../../components/OriginalScript';
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

/** One line of the list: a row, and the romanised row that follows a row in its original script. */
type Line = { row: Bean2; romanized: Bean2 | null };

/** Joins each original-script row (MARC 880) with the romanised row after it, so that both show under one label. */
export function basicInfoLines(rows: Bean2[]): Line[] {
  const lines: Line[] = [];
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    if (row.script === 'romanized' && previous?.script === 'original' && previous.key === row.key) {
      lines[lines.length - 1]!.romanized = row;
    } else lines.push({ row, romanized: null });
  });
  return lines;
}

/** The basic-information rows (bean2List) in the request language, as a description list. */
export function BasicInfo({ rows }: { rows: Bean2[] }) {
  return (
    <dl className="of-basic-info">
      {basicInfoLines(rows).map(({ row, romanized }, i) => (
        <div key={`${row.key}-${i}`} className="of-basic-row">
          <dt>{row.description}</dt>
          <dd>
            {romanized ? (
              <WithRomanized
                original={<RowValue row={row} />}
                romanized={<RowValue row={romanized} />}
                lang={row.lang}
              />
            ) : (
              <RowValue row={row} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
