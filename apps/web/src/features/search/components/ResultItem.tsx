import { useState } from 'react';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchRecord } from '@openfind/contract';
import { highlightSegments } from '../highlight';
import { FavouriteButton } from './FavouriteButton';

type Highlight = { title?: string[]; adstract?: string[] };
type Props = { record: SearchRecord; number: number; highlight: Highlight | undefined };

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

/** The cover (90×120), or the fallback image when there is none or it fails to load. */
function Cover({ src }: { src: string | null }) {
  const fallback = `${import.meta.env.BASE_URL}image-fallback.svg`;
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="of-result-cover"
      src={!src || failed ? fallback : src}
      alt=""
      width={90}
      height={120}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

/** One result: number, cover, [document type] highlighted title, details, holdings badges, favourites. */
export function ResultItem({ record, number, highlight }: Props) {
  const { t } = useTranslation('search');
  const details: Array<[string, string | null]> = [
    ['author', record.author],
    ['callNo', record.callNoOne],
    ['publisher', record.publisher],
    ['year', record.publishYear],
    ['isbn', record.isbn ?? record.issn],
  ];
  const headingId = `of-result-${record.recordId}`;
  return (
    <li className="of-result">
      <Cover src={record.pic} />
      <div className="of-result-body">
        <h3 className="of-result-heading" id={headingId}>
          <span className="of-result-number">{number}.</span>
          {record.docName ? <span className="of-result-doctype">[{record.docName}]</span> : null}
          <Link to={`/searchList/bookDetails/${record.recordId}`} className="of-result-title">
            <Highlighted html={highlight?.title?.[0]} fallback={record.title} />
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
            <Tag color="blue">{t('result.print', { count: record.physicalCount })}</Tag>
            <Tag color={record.onShelfCountI > 0 ? 'green' : 'default'}>
              {t('result.available', { count: record.onShelfCountI })}
            </Tag>
            {record.eCount > 0 ? <Tag color="purple">{t('result.electronic', { count: record.eCount })}</Tag> : null}
          </span>
          <FavouriteButton title={record.title} />
        </div>
      </div>
    </li>
  );
}
