import { useId, useState, type FormEvent } from 'react';
import { Button, Checkbox, Empty, Input, Pagination, Select, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WORK_STATES, type WorkDecision, type WorkState } from '@openfind/contract';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { RecordPicker } from '../components/RecordPicker';
import {
  RESEARCHER_ADMIN_ROWS,
  WORK_ADMIN_ROWS,
  useAdminResearchers,
  useDecideWork,
  useResearcherWorks,
  type AdminResearcher,
  type AdminWork,
  type ResearcherQuery,
} from './researchers-api';
import './researchers.css';

await loadNamespace('adminResearchers');

/**
 * Researchers and their works (`/admin/researchers`): the institution's researchers with their works
 * counted by state, and a researcher's works with why the matching rule lists each (the name form in
 * the record, the place its affiliation names). Staff confirm a work (readers see it whatever the
 * rule says), exclude one (a namesake's: readers never see it) or release a decision back to the
 * rule, each with one click; a work the rule missed is found with the record picker and confirmed.
 * The server writes the audit rows; the same decision twice changes nothing there.
 */
export default function ResearchersScreen() {
  const { t } = useTranslation('adminResearchers');
  return (
    <AdminPage title={t('title')}>
      <p className="of-researchers-admin-intro">{t('intro')}</p>
      <ResearchersSection />
    </AdminPage>
  );
}

const STATE_COLOURS: Record<WorkState, string> = {
  matched: 'green',
  claimed: 'purple',
  possible: 'orange',
  excluded: 'default',
};

function StateTag({ state }: { state: WorkState }) {
  const { t } = useTranslation('adminResearchers');
  return <Tag color={STATE_COLOURS[state]}>{t(`state.${state}`)}</Tag>;
}

function ResearchersSection() {
  const { t } = useTranslation('adminResearchers');
  const [draft, setDraft] = useState({ q: '', departmentId: 0, possibleOnly: false });
  const [query, setQuery] = useState<ResearcherQuery>({
    q: '',
    possibleOnly: false,
    page: 1,
    rows: RESEARCHER_ADMIN_ROWS,
  });
  const [open, setOpen] = useState<number | null>(null);
  const list = useAdminResearchers(query);
  const items = list.data?.list ?? [];
  const total = list.data?.totalCount ?? 0;
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery({
      ...query,
      q: draft.q.trim(),
      departmentId: draft.departmentId || undefined,
      possibleOnly: draft.possibleOnly,
      page: 1,
    });
  };
  return (
    <section className="of-researchers-admin-section" aria-labelledby="of-researchers-list">
      <h2 id="of-researchers-list">{t('list.title')}</h2>
      <form className="of-researchers-admin-filters" role="search" aria-label={t('list.filter')} onSubmit={search}>
        <label>
          {t('list.words')}
          <Input
            className="of-researchers-admin-field"
            value={draft.q}
            placeholder={t('list.placeholder')}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </label>
        <label>
          {t('list.department')}
          <Select
            aria-label={t('list.department')}
            className="of-researchers-admin-field"
            value={draft.departmentId}
            onChange={(departmentId: number) => setDraft({ ...draft, departmentId })}
            options={[
              { value: 0, label: t('list.allDepartments') },
              ...(list.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name })),
            ]}
          />
        </label>
        <Checkbox checked={draft.possibleOnly} onChange={(e) => setDraft({ ...draft, possibleOnly: e.target.checked })}>
          {t('list.possibleOnly')}
        </Checkbox>
        <Button htmlType="submit">{t('search')}</Button>
      </form>
      {list.isPending ? <Spin /> : null}
      {list.isSuccess && !items.length ? <Empty description={t('list.none')} /> : null}
      <ul className="of-researchers-admin-list" aria-label={t('list.title')} aria-busy={list.isFetching}>
        {items.map((r) => (
          <ResearcherItem
            key={r.id}
            researcher={r}
            open={open === r.id}
            onToggle={() => setOpen(open === r.id ? null : r.id)}
          />
        ))}
      </ul>
      {total > RESEARCHER_ADMIN_ROWS ? (
        <Pagination
          className="of-researchers-admin-pager"
          current={Number(query.page ?? 1)}
          pageSize={RESEARCHER_ADMIN_ROWS}
          total={total}
          onChange={(page) => setQuery({ ...query, page })}
          showSizeChanger={false}
        />
      ) : null}
    </section>
  );
}

function ResearcherItem(props: { researcher: AdminResearcher; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('adminResearchers');
  const { researcher: r, open } = props;
  const headingId = useId();
  const panelId = useId();
  return (
    <li className="of-researchers-admin-item" aria-labelledby={headingId} data-testid="researcher">
      <h3 id={headingId}>
        {r.name}
        {r.nameEn ? <span className="of-researchers-admin-en"> {r.nameEn}</span> : null}
      </h3>
      <p className="of-researchers-admin-meta">{[r.departmentName, r.title, r.code].filter(Boolean).join(' · ')}</p>
      <p className="of-researchers-admin-counts">
        {WORK_STATES.map((s) => (
          <Tag key={s} color={s === 'possible' && r.counts.possible ? 'orange' : STATE_COLOURS[s]}>
            {t(`count.${s}`, { count: r.counts[s] })}
          </Tag>
        ))}
      </p>
      <div className="of-researchers-admin-actions">
        <Button aria-expanded={open} aria-controls={panelId} onClick={props.onToggle}>
          {open ? t('works.hide') : t('works.show')}
        </Button>
        <Link to={`/researcherDetail?id=${r.id}`} target="_blank" rel="noopener">
          {t('works.public')}
        </Link>
      </div>
      <div id={panelId}>{open ? <WorksPanel researcher={r} /> : null}</div>
    </li>
  );
}

function WorksPanel({ researcher }: { researcher: AdminResearcher }) {
  const { t } = useTranslation('adminResearchers');
  const [state, setState] = useState<WorkState | ''>('');
  const [page, setPage] = useState(1);
  const [picking, setPicking] = useState(false);
  const works = useResearcherWorks(researcher.id, state, page);
  const add = useDecideWork(researcher.id, () => setPicking(false));
  const counts = works.data?.counts;
  const all = counts ? WORK_STATES.reduce((n, s) => n + counts[s], 0) : 0;
  const list = works.data?.list ?? [];
  const choose = (s: WorkState | '') => {
    setState(s);
    setPage(1);
  };
  return (
    <div className="of-researchers-admin-works">
      <div role="group" aria-label={t('works.filter')} className="of-researchers-admin-states">
        {(['', ...WORK_STATES] as const).map((s) => (
          <Button
            key={s || 'all'}
            size="small"
            type={state === s ? 'primary' : 'default'}
            aria-pressed={state === s}
            onClick={() => choose(s)}
          >
            {s ? t(`state.${s}`) : t('works.all')} ({s ? (counts?.[s] ?? 0) : all})
          </Button>
        ))}
      </div>
      <p className="of-researchers-admin-meta">{t('works.note')}</p>
      {picking ? (
        <div className="of-researchers-admin-picker">
          <RecordPicker
            label={t('add.find', { name: researcher.name })}
            action={t('add.choose')}
            initial={researcher.name}
            onPick={(r) => add.mutate({ recordId: r.recordId, decision: 'claimed' })}
          />
          <Button onClick={() => setPicking(false)}>{t('cancel')}</Button>
        </div>
      ) : (
        <Button onClick={() => setPicking(true)}>{t('add.open')}</Button>
      )}
      {works.isPending ? <Spin /> : null}
      {works.isSuccess && !list.length ? <Empty description={t('works.none')} /> : null}
      <ol
        className="of-researchers-admin-worklist"
        aria-label={t('works.of', { name: researcher.name })}
        aria-busy={works.isFetching}
      >
        {list.map((w) => (
          <WorkItem key={w.recordId} researcherId={researcher.id} work={w} />
        ))}
      </ol>
      {(works.data?.totalCount ?? 0) > WORK_ADMIN_ROWS ? (
        <Pagination
          size="small"
          className="of-researchers-admin-pager"
          current={page}
          pageSize={WORK_ADMIN_ROWS}
          total={works.data!.totalCount}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </div>
  );
}

/** Why the rule lists a work (or that only staff do). */
function WhyListed({ work }: { work: AdminWork }) {
  const { t } = useTranslation('adminResearchers');
  if (!work.ruleState) return <span>{t('why.staff')}</span>;
  const names = work.matchedNames.join(t('why.separator'));
  return (
    <>
      <span>{t('why.name', { names })}</span>
      <span>
        {work.ruleState === 'matched'
          ? t('why.place', { place: work.matchedPlace })
          : work.affiliation
            ? t('why.elsewhere', { affiliation: work.affiliation })
            : t('why.noAffiliation')}
      </span>
    </>
  );
}

function WorkItem({ researcherId, work }: { researcherId: number; work: AdminWork }) {
  const { t, i18n } = useTranslation('adminResearchers');
  const decide = useDecideWork(researcherId);
  const titleId = useId();
  const act = (decision: WorkDecision) => decide.mutate({ recordId: work.recordId, decision });
  const decided = work.state === 'claimed' || work.state === 'excluded';
  const busy = decide.isPending ? decide.variables?.decision : undefined;
  return (
    <li className="of-researchers-admin-work" aria-labelledby={titleId} data-testid="researcher-work">
      <div className="of-researchers-admin-cite">
        <Link id={titleId} to={`/searchList/bookDetails/${work.recordId}`} target="_blank" rel="noopener">
          {work.title}
        </Link>
        <span className="of-researchers-admin-meta">
          {[work.author, work.publisher, work.year, `#${work.recordId}`].filter(Boolean).join(' · ')}
        </span>
      </div>
      <p className="of-researchers-admin-why">
        <StateTag state={work.state} />
        <WhyListed work={work} />
      </p>
      {decided && work.decidedBy ? (
        <p className="of-researchers-admin-meta">
          {t(`decided.${work.state}`, {
            by: work.decidedBy,
            at: work.decidedAt ? new Date(work.decidedAt).toLocaleString(i18n.language) : '',
          })}
        </p>
      ) : null}
      <div className="of-researchers-admin-actions">
        {work.state !== 'claimed' ? (
          <Button
            size="small"
            type="primary"
            loading={busy === 'claimed'}
            disabled={decide.isPending}
            onClick={() => act('claimed')}
          >
            {t('action.claim')}
          </Button>
        ) : null}
        {work.state !== 'excluded' ? (
          <Button
            size="small"
            danger
            loading={busy === 'excluded'}
            disabled={decide.isPending}
            onClick={() => act('excluded')}
          >
            {t('action.exclude')}
          </Button>
        ) : null}
        {decided ? (
          <Button size="small" loading={busy === 'clear'} disabled={decide.isPending} onClick={() => act('clear')}>
            {t('action.release')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
