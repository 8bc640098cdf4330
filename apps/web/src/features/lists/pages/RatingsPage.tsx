import { useTranslation } from 'react-i18next';
import { listsApi, useListQuery } from '../api/lists-api';
import { ChoiceFilter } from '../components/Filters';
import { ListLayout } from '../components/ListLayout';
import { ListState } from '../components/ListState';
import { RankedRecords } from '../components/RankedRecords';
import { useListParams } from '../use-list-params';
import { listKeys } from '../query-keys';

const ROWS = 20;
const DEFAULTS = { order: '1' };

/** /grade: the top 100 best and worst rated records. */
export function RatingsPage({ feature }: { feature: string }) {
  const { t, i18n } = useTranslation('lists');
  const { values, page, set } = useListParams(DEFAULTS);
  const body = { sortType: Number(values.order), page, rows: ROWS };
  const list = useListQuery(listKeys.ratings(body, i18n.language), (signal) => listsApi.ratings(body, { signal }));
  const records = list.data?.list ?? [];
  return (
    <ListLayout
      feature={feature}
      filters={
        <ChoiceFilter
          label={t('filters.order')}
          value={values.order}
          options={[
            { value: '1', label: t('hotRatings.best') },
            { value: '2', label: t('hotRatings.worst') },
          ]}
          onChange={(order) => set({ order })}
        />
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
            publisher: r.publisher,
            year: r.publishYear,
            metric: t('hotRatings.score', { score: r.avgScore.toFixed(1), count: r.ratingCount }),
          }))}
        />
      </ListState>
    </ListLayout>
  );
}
