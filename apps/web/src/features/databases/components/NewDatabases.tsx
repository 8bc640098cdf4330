import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pagination } from 'antd';
import { NEW_DATABASE_KINDS } from '@openfind/contract';
import { useNewDbList, type NewDbKind } from '../api';
import { DbCardView } from './DbCardView';

const ROWS = 20;

/** /newDataBase: databases added recently and databases on trial, newest first. */
export function NewDatabases() {
  const { t, i18n } = useTranslation('databases');
  const [params, setParams] = useSearchParams();
  const rawKind = params.get('kind') ?? 'all';
  const kind: NewDbKind = (NEW_DATABASE_KINDS as readonly string[]).includes(rawKind) ? (rawKind as NewDbKind) : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useNewDbList(kind, page, ROWS, i18n.language);
  const go = (k: NewDbKind, p = 1) => {
    const next = new URLSearchParams();
    if (k !== 'all') next.set('kind', k);
    if (p > 1) next.set('page', String(p));
    setParams(next);
  };
  const data = list.data;
  return (
    <div className="of-page of-db-page">
      <h1 className="of-db-title">{t('titles.new')}</h1>
      <p className="of-db-quiet">{t('newList.intro')}</p>
      <div className="of-db-tabs" role="group" aria-label={t('newList.kinds')}>
        {NEW_DATABASE_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kind === k}
            className={kind === k ? 'of-db-az--on' : ''}
            onClick={() => go(k)}
          >
            {t(`newList.${k}`)}
          </button>
        ))}
      </div>
      {list.isError ? (
        <p role="alert">{t('list.failed')}</p>
      ) : data && data.list.length === 0 ? (
        <p className="of-db-quiet">{t('list.empty')}</p>
      ) : (
        <ul className="of-db-list" aria-busy={list.isFetching}>
          {(data?.list ?? []).map((d) => (
            <DbCardView key={d.id} db={d} to={`/newDataBase/details/${d.id}`} />
          ))}
        </ul>
      )}
      {data && data.totalCount > ROWS ? (
        <Pagination
          className="of-db-pager"
          current={page}
          pageSize={ROWS}
          total={data.totalCount}
          showSizeChanger={false}
          size="small"
          onChange={(p) => go(kind, p)}
        />
      ) : null}
    </div>
  );
}
