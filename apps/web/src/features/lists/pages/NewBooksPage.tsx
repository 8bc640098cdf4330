import { useTranslation } from 'react-i18next';
import { NEW_BOOK_TIMES, type NewBookTime } from '@openfind/contract';
import { listsApi, useListQuery } from '../api/lists-api';
import { SelectFilter } from '../components/Filters';
import { ListLayout } from '../components/ListLayout';
import { ListState } from '../components/ListState';
import { NewArrivalsFeedLink } from '../components/NewArrivalsFeedLink';
import { RankedRecords } from '../components/RankedRecords';
import { useListParams } from '../use-list-params';
import { listKeys } from '../query-keys';

const ROWS = 20;
const DEFAULTS = { time: '2', classNo: '', location: '' };

/** /newBookInform: new arrivals within a time limit (1 week … 2 years), by CLC class and location. */
export function NewBooksPage({ feature }: { feature: string }) {
  const { t, i18n } = useTranslation('lists');
  const { values, page, set } = useListParams(DEFAULTS);
  const dict = useListQuery(listKeys.dict(i18n.language), (signal) => listsApi.dict({ signal, silent: true }));
  // 'all' (no limit) is kept in the URL so that it differs from the default window.
  const time: NewBookTime | '' = NEW_BOOK_TIMES.find((code) => code === values.time) ?? '';
  const body = {
    time,
    callNo: values.classNo,
    locationId: values.location ? [values.location] : [],
    sortField: 'in_date',
    sortClause: 'desc',
    page,
    rows: ROWS,
  };
  const list = useListQuery(listKeys.newBooks(body, i18n.language), (signal) => listsApi.newBooks(body, { signal }));
  const records = list.data?.searchResult ?? [];
  return (
    <ListLayout
      feature={feature}
      filters={
        <>
          <SelectFilter
            label={t('filters.time')}
            value={time}
            allLabel={t('filters.anyTime')}
            options={NEW_BOOK_TIMES.map((code) => ({ value: code, label: t(`times.${code}`) }))}
            onChange={(time) => set({ time: time || 'all' })}
          />
          <SelectFilter
            label={t('filters.class')}
            value={values.classNo}
            allLabel={t('filters.all')}
            options={(dict.data?.classNo ?? []).map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))}
            onChange={(classNo) => set({ classNo })}
          />
          <SelectFilter
            label={t('filters.location')}
            value={values.location}
            allLabel={t('filters.all')}
            options={(dict.data?.locationId ?? []).map((l) => ({ value: l.code, label: l.name }))}
            onChange={(location) => set({ location })}
          />
          <NewArrivalsFeedLink classNo={values.classNo} />
        </>
      }
    >
      <ListState
        query={list}
        isEmpty={!records.length}
        paging={{
          page,
          pageSize: ROWS,
          total: Math.min(list.data?.numFound ?? 0, list.data?.maxResults ?? Infinity),
          onChange: (p) => set({ page: String(p) }),
        }}
      >
        <RankedRecords
          start={(page - 1) * ROWS + 1}
          records={records.map((r) => ({
            recordId: r.recordId,
            title: r.title,
            author: r.author,
            publisher: r.publisher,
            year: r.publishYear,
            callNo: r.callNoOne,
            metric: r.inDate ? t('newBooks.arrived', { date: r.inDate }) : null,
          }))}
        />
      </ListState>
    </ListLayout>
  );
}
