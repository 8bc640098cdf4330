import { useTranslation } from 'react-i18next';
import { safeLinkUrl, type PhysicalItem } from '@openfind/contract';
import { useAttachments, useDigitalItems, useItemsByLibrary } from '../api/get-holdings';

/** Spec / api-contract: processTypeCode 411 is on shelf, 412 on loan. */
const ON_SHELF = '411';
const ON_LOAN = '412';

/** The status cell: the server's text, with the due date added when the text does not already hold it. */
function ItemStatus({ item }: { item: PhysicalItem }) {
  const { t } = useTranslation('record');
  const tone = item.processTypeCode === ON_SHELF ? 'ok' : item.processTypeCode === ON_LOAN ? 'warn' : 'other';
  const due = item.dueDate && !item.processType.includes(item.dueDate) ? item.dueDate : null;
  return (
    <span className={`of-status of-status--${tone}`}>
      {item.processType}
      {due ? ` (${t('holdings.due', { date: due })})` : null}
    </span>
  );
}

/** One library's copies: a table that stacks into labelled rows on a phone. */
function LibraryTable({ libName, items }: { libName: string; items: PhysicalItem[] }) {
  const { t } = useTranslation('record');
  const columns = ['callNo', 'barcode', 'campus', 'location', 'status', 'circAttr'] as const;
  return (
    <table className="of-holdings-table">
      <caption>{t('holdings.libraryCaption', { library: libName, count: items.length })}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {t(`holdings.columns.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.itemId}>
            <td data-label={t('holdings.columns.callNo')}>{item.callNo || '—'}</td>
            <td data-label={t('holdings.columns.barcode')}>{item.barcode || '—'}</td>
            <td data-label={t('holdings.columns.campus')}>{item.campusName || '—'}</td>
            <td data-label={t('holdings.columns.location')}>
              {item.locationName || item.realLocationName || '—'}
              {item.shelfNo ? <span className="of-muted"> {t('holdings.shelf', { shelf: item.shelfNo })}</span> : null}
            </td>
            <td data-label={t('holdings.columns.status')}>
              <ItemStatus item={item} />
            </td>
            <td data-label={t('holdings.columns.circAttr')}>{item.circAttrName || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Print holdings grouped by library (main library first) and electronic holdings. */
export function Holdings({ recordId, lang }: { recordId: number; lang: string }) {
  const { t } = useTranslation('record');
  const print = useItemsByLibrary(recordId, lang);
  const digital = useDigitalItems(recordId);
  const attachments = useAttachments(recordId).data?.list ?? [];
  const libraries = Object.values(print.data?.sortedList ?? {}).filter((lib) => lib.phyItemVo.length);
  const links = digital.data?.list ?? [];
  return (
    <section className="of-record-section" aria-labelledby="of-holdings-title">
      <h2 id="of-holdings-title" className="of-section-title">
        {t('holdings.title')}
      </h2>
      {print.isPending ? <div className="of-skeleton-row" aria-hidden="true" /> : null}
      {print.isError ? <p className="of-muted">{t('holdings.failed')}</p> : null}
      {print.isSuccess && !libraries.length && !links.length ? <p className="of-muted">{t('holdings.none')}</p> : null}
      {libraries.map((lib) => (
        <LibraryTable key={lib.libCode} libName={lib.libName} items={lib.phyItemVo} />
      ))}
      {links.length ? (
        <div className="of-digital">
          <h3>{t('holdings.electronic')}</h3>
          <ul>
            {links.map((link) => {
              // Never an href from data that is not http(s), whatever the server sent.
              const href = safeLinkUrl(link.url);
              const text = link.urlName || link.title || link.url;
              return (
                <li key={link.dItemId}>
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {text}
                    </a>
                  ) : (
                    text
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {attachments.length ? (
        <div className="of-digital">
          <h3>{t('holdings.attachments')}</h3>
          <ul>
            {attachments.map((a) => {
              // Files uploaded by staff are served by the API (a same-site path); other links only when http(s).
              const href = a.url.startsWith('/find/') ? a.url : safeLinkUrl(a.url);
              return (
                <li key={a.attachmentId}>
                  {href ? (
                    <a href={href} download>
                      {a.name}
                    </a>
                  ) : (
                    a.name
                  )}
                  {a.size ? <span className="of-muted"> ({Math.max(1, Math.round(a.size / 1024))} KB)</span> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
