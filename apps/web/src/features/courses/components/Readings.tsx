import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CopyAvailability, CourseReading } from '@openfind/contract';
import { recordPath } from '../../../lib/record-path';

/** The copies of a book: on the shelf, lent, and where they stand. */
export function Availability({ copies, compact = false }: { copies: CopyAvailability; compact?: boolean }) {
  const { t } = useTranslation('courses');
  if (!copies.total) return <p className="of-crs-copies of-crs-quiet">{t('copies.none')}</p>;
  return (
    <div className="of-crs-copies">
      <p>
        <span className={copies.onShelf ? 'of-crs-on' : 'of-crs-off'}>
          {t('copies.summary', { onShelf: copies.onShelf, total: copies.total })}
        </span>
        {copies.onLoan ? <span className="of-crs-quiet"> · {t('copies.lent', { count: copies.onLoan })}</span> : null}
      </p>
      {compact ? null : (
        <ul className="of-crs-places" aria-label={t('copies.where')}>
          {copies.places.map((p) => (
            <li key={`${p.libName}|${p.locationName}|${p.callNo}|${p.shelfNo}`}>
              {[p.libName, p.locationName].filter(Boolean).join(' · ')}
              {p.callNo ? <span className="of-crs-callno"> {p.callNo}</span> : null}
              {p.shelfNo ? <span> {t('copies.shelf', { shelf: p.shelfNo })}</span> : null}
              <span className="of-crs-quiet">
                {' '}
                ({t('copies.placeCount', { on: p.onShelfCount, total: p.itemCount })})
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One entry of a reading list: the matched record with its copies, or the citation as listed. */
function Reading({ r, compact }: { r: CourseReading; compact: boolean }) {
  const { t } = useTranslation('courses');
  return (
    <li className="of-crs-reading">
      {r.record ? (
        <>
          <p className="of-crs-book">
            <Link to={recordPath(r.record.recordId)}>{r.record.title}</Link>
            {r.record.author ? <span className="of-crs-quiet"> / {r.record.author}</span> : null}
          </p>
          <p className="of-crs-quiet">
            {[r.record.publisher, r.record.publishYear, r.record.isbn && `ISBN ${r.record.isbn}`]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {r.availability ? <Availability copies={r.availability} compact={compact} /> : null}
          {compact ? null : (
            <p>
              <Link to={`/courseBookDetail?id=${r.record.recordId}`}>{t('reading.otherCourses')}</Link>
            </p>
          )}
        </>
      ) : (
        <>
          <p className="of-crs-book">
            {r.title}
            {r.author ? <span className="of-crs-quiet"> / {r.author}</span> : null}
          </p>
          <p className="of-crs-unmatched">
            {t('reading.unmatched')}
            {r.isbn ? <span className="of-crs-quiet"> · ISBN {r.isbn}</span> : null}
          </p>
        </>
      )}
      {r.note ? <p className="of-crs-note">{t('reading.note', { note: r.note })}</p> : null}
    </li>
  );
}

/** A reading list: required books, then recommended ones. */
export function Readings({ list, compact = false }: { list: CourseReading[]; compact?: boolean }) {
  const { t } = useTranslation('courses');
  if (!list.length) return <p className="of-crs-quiet">{t('reading.empty')}</p>;
  return (
    <>
      {(['required', 'recommended'] as const).map((kind) => {
        const part = list.filter((r) => r.kind === kind);
        if (!part.length) return null;
        const Heading = compact ? 'h4' : 'h2';
        return (
          <section key={kind} className="of-crs-section">
            <Heading className="of-crs-kind">{t(`kind.${kind}`, { count: part.length })}</Heading>
            <ol className="of-crs-readings">
              {part.map((r) => (
                <Reading key={r.readingId} r={r} compact={compact} />
              ))}
            </ol>
          </section>
        );
      })}
    </>
  );
}
