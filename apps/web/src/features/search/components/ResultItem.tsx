import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchRecord } from '@openfind/contract';
import { WithRomanized } from '../../../components/OriginalScript';
import { RecordCover } from '../../../components/RecordCover';
import { highlightSegments } from '../highlight';
import { FavouriteButton } from './FavouriteButton';

type Highlight = { title?: string[]; titleRomanized?: string[]; adstract?: string[] };
/** `priority`: the row is in the first screenful (its cover loads at once). */
type Props = { record: SearchRecord; number: number; highlight: Highlight | undefined; priority?: boolean };

/** Text with the search hits marked; built from text runs, never from the server's markup. */
function Highlighted({ html, fallback }: { html: string | undefined; fallback: string }) {
  if (!html) return <>{fallback}</>;
  return (
    <>
      {highlightSegments(html).map((segment, i) =>
        segment.hit ? <mark key={i}>{segment.text}</mark> : <span key={i}>{segment.text}</span>,
      )}
    </>
  );
}

/** One result: number, cover, [document type] highlighted title, details, holdings badges, favourites. */
export function ResultItem({ record, number, highlight, priority = false }: Props) {
  const { t } = useTranslation('search');
  const lang = record.originalLang;
  // Author and publisher in the original script (MARC 880) come with their romanised forms beside.
  const withRomanized = (value: string | null, romanized: string | null) =>
    value ? <WithRomanized original={value} romanized={romanized} lang={lang} /> : null;
  const details: Array<[string, ReactNode]> = [
    ['author', withRomanized(record.author, record.authorRomanized)],
    ['callNo', record.callNoOne],
    ['publisher', withRomanized(record.publisher, record.publisherRomanized)],
    ['year', record.publishYear],
    ['isbn', record.isbn ?? record.issn],
    ['rating', record.avgScore === null ? null : t('result.ratingValue', { score: record.avgScore.toFixed(1) })],
  ];
  const headingId = `of-result-${record.recordId}`;
  return (
    <li className="of-result">
      <RecordCover src={record.pic} className="of-result-cover" priority={priority} />
      <div className="of-result-body">
        <h3 className="of-result-heading" id={headingId}>
          <span className="of-result-number">{number}.</span>
          {record.docName ? <span className="of-result-doctype">[{record.docName}]</span> : null}
          <Link to={`/searchList/bookDetails/${record.recordId}`} className="of-result-title">
            <WithRomanized
              original={<Highlighted html={highlight?.title?.[0]} fallback={record.title} />}
              romanized={
                record.titleRomanized ? (
                  <Highlighted html={highlight?.titleRomanized?.[0]} fallback={record.titleRomanized} />
                ) : null
              }
              lang={lang}
            />
          </Link>
        </h3>
        <dl className="of-result-details">
          {details
            .filter(([, value]) => value)
            .map(([key, value]) => (
              <div key={key}>
                <dt>{t(`result.${key}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        {highlight?.adstract?.[0] || record.adstract ? (
          <p className="of-result-abstract">
            <Highlighted html={highlight?.adstract?.[0]} fallback={record.adstract ?? ''} />
          </p>
        ) : null}
        <div className="of-result-foot">
          <span className="of-result-badges">
            <span className="of-badge of-badge--print">{t('result.print', { count: record.physicalCount })}</span>
            <span className={`of-badge ${record.onShelfCountI > 0 ? 'of-badge--available' : 'of-badge--none'}`}>
              {t('result.available', { count: record.onShelfCountI })}
            </span>
            {record.eCount > 0 ? (
              <span className="of-badge of-badge--online">{t('result.electronic', { count: record.eCount })}</span>
            ) : null}
          </span>
          <FavouriteButton recordId={record.recordId} title={record.title} kept={record.myFav} />
        </div>
      </div>
    </li>
  );
}
