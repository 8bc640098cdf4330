import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { THESIS_DEGREES, THESIS_FIELDS, type ThesisDegree, type ThesisField } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { NativeSelect } from '../../../components/NativeSelect';
import { useTheses, type ThesisFilter } from '../api';
import { Pager, Quiet, ThesisItem } from './parts';

const ROWS = 10;

/** /schoolBaseNav: the institution's theses: words in a field, degree, year and department, newest first. */
export function ThesesPage() {
  const { t, i18n } = useTranslation('subjects');
  const [draft, setDraft] = useState('');
  const [draftField, setDraftField] = useState<ThesisField>('all');
  const [filter, setFilter] = useState<ThesisFilter>({ q: '', field: 'all', sort: 'new', page: 1, rows: ROWS });
  const theses = useTheses(filter, i18n.language);
  const set = (change: Partial<ThesisFilter>) => setFilter((f) => ({ ...f, page: 1, ...change }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set({ q: draft.trim(), field: draftField });
  };
  const facets = theses.data?.facets;
  const yearOptions: Array<readonly [string, string]> = (facets?.year ?? []).map((y) => [
    y.code,
    `${y.name} (${y.count})`,
  ]);
  if (filter.year && !yearOptions.some(([c]) => c === String(filter.year)))
    yearOptions.push([String(filter.year), String(filter.year)]);
  return (
    <div className="of-page of-sub-page">
      <h1 className="of-sub-title">{t('titles.theses')}</h1>
      <p className="of-sub-intro">{t('theses.intro')}</p>
      <form className="of-sub-search" role="search" onSubmit={submit}>
        <NativeSelect
          label={t('theses.field')}
          value={draftField}
          onChange={setDraftField}
          options={THESIS_FIELDS.map((f) => [f, t(`theses.fields.${f}`)] as const)}
        />
        <input
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-label={t('theses.search')}
          placeholder={t('theses.search')}
          maxLength={100}
        />
        <Button type="submit" variant="primary">
          {t('common.search')}
        </Button>
      </form>
      <div className="of-sub-filters">
        <NativeSelect
          label={t('theses.degree')}
          showLabel
          value={filter.degree ?? ''}
          onChange={(v) => set({ degree: (v || undefined) as ThesisDegree | undefined })}
          options={[
            ['', t('theses.any')],
            ...THESIS_DEGREES.map((d) => {
              const n = facets?.degree.find((x) => x.code === d)?.count;
              return [d, n === undefined ? t(`degree.${d}`) : `${t(`degree.${d}`)} (${n})`] as const;
            }),
          ]}
        />
        <NativeSelect
          label={t('theses.year')}
          showLabel
          value={filter.year ? String(filter.year) : ''}
          onChange={(v) => set({ year: v ? Number(v) : undefined })}
          options={[['', t('theses.any')], ...yearOptions]}
        />
        <NativeSelect
          label={t('theses.department')}
          showLabel
          value={filter.departmentId ?? 0}
          onChange={(v) => set({ departmentId: v || undefined })}
          options={[
            [0, t('theses.any')],
            ...(facets?.department ?? []).map((d) => [Number(d.code), `${d.name} (${d.count})`] as const),
          ]}
        />
        <NativeSelect
          label={t('theses.sort')}
          showLabel
          value={filter.sort ?? 'new'}
          onChange={(v) => set({ sort: v })}
          options={[
            ['new', t('theses.sortNew')],
            ['title', t('theses.sortTitle')],
          ]}
        />
      </div>
      {theses.isPending ? (
        <p aria-busy="true" className="of-sub-quiet" />
      ) : theses.isError || !theses.data ? (
        <Quiet text={t('common.failed')} retry={theses.refetch} />
      ) : theses.data.list.length ? (
        <>
          <p className="of-sub-meta" data-testid="theses-count">
            {t('theses.found', { count: theses.data.totalCount })}
          </p>
          <ul className="of-sub-list" data-testid="theses">
            {theses.data.list.map((x) => (
              <ThesisItem key={x.recordId} thesis={x} />
            ))}
          </ul>
          <Pager
            page={Number(filter.page ?? 1)}
            rows={ROWS}
            total={theses.data.totalCount}
            onChange={(page) => setFilter((f) => ({ ...f, page }))}
            label={t('common.pages')}
          />
        </>
      ) : (
        <p className="of-sub-quiet">{t('theses.none')}</p>
      )}
    </div>
  );
}
