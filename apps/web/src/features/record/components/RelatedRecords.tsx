import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recordPath } from '../../../lib/record-path';
import { useRelatedRecords } from '../api/get-related-records';

type Props = { recordId: number; subjects: string[]; classes: string[] };

/** Records sharing subjects or class with this one; hidden when there are none or the call fails. */
export function RelatedRecords({ recordId, subjects, classes }: Props) {
  const { t } = useTranslation('record');
  const { data } = useRelatedRecords({ recordId, subjects, classes });
  const records = data?.searchResult ?? [];
  if (!records.length) return null;
  return (
    <aside className="of-record-aside of-related" aria-labelledby="of-related-title">
      <h2 id="of-related-title" className="of-section-title">
        {t('related.title')}
      </h2>
      <ul className="of-related-list">
        {records.map((r) => (
          <li key={r.recordId}>
            <Link to={recordPath(r.recordId)}>{r.title}</Link>
            <span className="of-muted">{[r.author, r.publishYear].filter(Boolean).join(' · ')}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
