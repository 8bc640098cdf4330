import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recordPath } from '../../../lib/record-path';
import { listsApi, useListQuery } from '../api/lists-api';
import { ListLayout } from '../components/ListLayout';
import { ListState } from '../components/ListState';
import { useListParams } from '../use-list-params';
import { listKeys } from '../query-keys';

const ROWS = 6;
const DEFAULTS = {};

/** /hotBook: the most viewed book lists, each with its first records. */
export function HotBookListsPage({ feature }: { feature: string }) {
  const { t, i18n } = useTranslation('lists');
  const { page, set } = useListParams(DEFAULTS);
  const list = useListQuery(listKeys.hotBookLists(page, i18n.language), (signal) =>
    listsApi.hotBookLists(page, ROWS, { signal }),
  );
  const bookLists = list.data?.list ?? [];
  return (
    <ListLayout feature={feature}>
      <ListState
        query={list}
        isEmpty={!bookLists.length}
        paging={{ page, pageSize: ROWS, total: list.data?.totalCount ?? 0, onChange: (p) => set({ page: String(p) }) }}
      >
        <div className="of-card-grid">
          {bookLists.map((bl) => (
            <section key={bl.bookListId} className="of-card" aria-labelledby={`of-booklist-${bl.bookListId}`}>
              <h2 id={`of-booklist-${bl.bookListId}`} className="of-card-title">
                {bl.name}
              </h2>
              {bl.description ? <p className="of-muted">{bl.description}</p> : null}
              <p className="of-card-meta">{t('hotBooks.meta', { count: bl.recordCount, views: bl.viewCount })}</p>
              <ol className="of-card-records">
                {bl.records.map((r) => (
                  <li key={r.recordId}>
                    <Link to={recordPath(r.recordId)}>{r.title}</Link>
                    {r.author ? <span className="of-muted"> · {r.author}</span> : null}
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </ListState>
    </ListLayout>
  );
}
