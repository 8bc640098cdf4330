import { useTranslation } from 'react-i18next';
import { STAT_RANGES } from '@openfind/contract';
import type { HotLoanRequest } from '@openfind/contract';
import { getHotLoan } from '../../loans';
import { listsApi, useListQuery } from '../api/lists-api';
import { ChoiceFilter, SelectFilter } from '../components/Filters';
import { ListLayout } from '../components/ListLayout';
import { ListState } from '../components/ListState';
import { RankedRecords } from '../components/RankedRecords';
import { useListParams } from '../use-list-params';
import { listKeys } from '../query-keys';

const ROWS = 20;
const DEFAULTS = { range: '30', discipline: '', sort: '1' };

/** /readRange: hot borrowing by week, month, quarter or year, by discipline, by loans or loans per copy. */
export function HotBorrowingPage({ feature }: { feature: string }) {
  const { t, i18n } = useTranslation('lists');
  const { values, page, set } = useListParams(DEFAULTS);
  const disciplines = useListQuery(listKeys.disciplines(i18n.language), (signal) =>
    listsApi.disciplines({ signal, silent: true }),
  );
  const body = {
    statRange: Number(values.range) as HotLoanRequest['statRange'],
    disCode: values.discipline,
    sortType: Number(values.sort),
    page,
    rows: ROWS,
  };
  const list = useListQuery(listKeys.hotLoans(body, i18n.language), (signal) => getHotLoan(body, { signal }));
  const records = list.data?.result ?? [];
  return (
    <ListLayout
      feature={feature}
      filters={
        <>
          <ChoiceFilter
            label={t('filters.range')}
            value={values.range}
            options={STAT_RANGES.map((days) => ({ value: String(days), label: t(`ranges.${days}`) }))}
            onChange={(range) => set({ range })}
          />
          <ChoiceFilter
            label={t('filters.sort')}
            value={values.sort}
            options={[
              { value: '1', label: t('hotBorrowing.byCount') },
              { value: '2', label: t('hotBorrowing.byRate') },
            ]}
            onChange={(sort) => set({ sort })}
          />
          <SelectFilter
            label={t('filters.discipline')}
            value={values.discipline}
            allLabel={t('filters.all')}
            options={(disciplines.data ?? []).map((d) => ({ value: d.code, label: d.name }))}
            onChange={(discipline) => set({ discipline })}
          />
        </>
      }
    >
      <ListState
        query={list}
        isEmpty={!records.length}
        paging={{ page, pageSize: ROWS, total: list.data?.totalCount ?? 0, onChange: (p) => set({ page: String(p) }) }}
      >
        <RankedRecords
          start={(page - 1) * ROWS + 1}
          records={records.map((r) => ({
            recordId: r.recordId,
            title: r.title,
            author: r.author,
            publisher: r.publish,
            year: r.pubDate,
            callNo: r.callNo,
            metric:
              values.sort === '2'
                ? t('hotBorrowing.rate', { rate: r.loanRate.toFixed(2) })
                : t('hotBorrowing.loans', { count: r.loanCount }),
          }))}
        />
      </ListState>
    </ListLayout>
  );
}
