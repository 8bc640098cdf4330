import { useTranslation } from 'react-i18next';
import { listsApi, useListQuery } from '../api/lists-api';
import type { CollectionKind } from '../api/lists-api';
import { ChoiceFilter } from '../components/Filters';
import { ListLayout } from '../components/ListLayout';
import { ListState } from '../components/ListState';
import { useListParams } from '../use-list-params';
import { listKeys } from '../query-keys';

const ROWS = 12;
const DEFAULTS = { kind: 'hot' };
const KINDS: CollectionKind[] = ['hot', 'new', 'trial'];
/** How readers may use a resource (set by staff): shown when it is one of these. */
const ACCESS_KINDS: string[] = ['trial', 'purchased', 'formal', 'open'];

/** /collect: hot, new and trial electronic collections (databases), each opening the collection's site. */
export function CollectionsPage({ feature }: { feature: string }) {
  const { t, i18n } = useTranslation('lists');
  const { values, page, set } = useListParams(DEFAULTS);
  const kind = (KINDS as string[]).includes(values.kind) ? (values.kind as CollectionKind) : 'hot';
  const list = useListQuery(listKeys.collections(kind, page, i18n.language), (signal) =>
    listsApi.collections(kind, page, ROWS, { signal }),
  );
  const collections = list.data?.list ?? [];
  return (
    <ListLayout
      feature={feature}
      filters={
        <ChoiceFilter
          label={t('filters.kind')}
          value={kind}
          options={KINDS.map((k) => ({ value: k, label: t(`hotCollections.kinds.${k}`) }))}
          onChange={(next) => set({ kind: next })}
        />
      }
    >
      <ListState
        query={list}
        isEmpty={!collections.length}
        paging={{ page, pageSize: ROWS, total: list.data?.totalCount ?? 0, onChange: (p) => set({ page: String(p) }) }}
      >
        <ul className="of-card-grid">
          {collections.map((c) => (
            <li key={c.collectionId} className="of-card">
              <a className="of-card-title" href={c.url} target="_blank" rel="noopener noreferrer">
                {c.collectionName}
              </a>
              {ACCESS_KINDS.includes(c.accessKind) ? (
                <p className="of-card-meta">{t(`hotCollections.access.${c.accessKind}`)}</p>
              ) : null}
              {c.description ? <p className="of-muted">{c.description}</p> : null}
              <p className="of-card-meta">
                {kind === 'trial' && c.endDate
                  ? t('hotCollections.trialUntil', { date: c.endDate })
                  : t('hotCollections.visits', { count: c.visitCount })}
              </p>
            </li>
          ))}
        </ul>
      </ListState>
    </ListLayout>
  );
}
