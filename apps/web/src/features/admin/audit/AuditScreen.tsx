import { useState, type FormEvent } from 'react';
import { Button, Input, Select, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import * as Calls from '@openfind/contract/calls';
import { MAX_AUDIT_EXPORT, MAX_AUDIT_ROWS } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { loadNamespace } from '../../lang';
import { staffApi } from '../api/staff-api';
import { AdminPage } from '../components/AdminPage';
import { downloadCsv, toCsv } from '../reports/csv';
import { useAudit, type AuditPage, type AuditQuery } from '../reports/reports-api';
import { AuditDiff } from './AuditDiff';
import '../reports/reports.css';

await loadNamespace('adminReports');

type Row = AuditPage['list'][number];
type Filter = { actor: string; action: string; target: string; from: string; to: string };

const EMPTY: Filter = { actor: '', action: '', target: '', from: '', to: '' };
const PAGE_SIZE = 20;

/** The filter as the call takes it: empty fields left out. */
const queryOf = (f: Filter): Omit<AuditQuery, 'page' | 'rows'> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v.trim() !== ''));

const at = (iso: string) => new Date(iso).toLocaleString();
const json = (v: unknown) => (v == null ? '' : JSON.stringify(v));

/**
 * The audit log (`/admin/audit`, administrators): every change staff made in the institution, newest
 * first, filtered by account, action, target text and dates; each row opens to its state before and
 * after; the filtered rows export as CSV. Reading only: nothing here (or anywhere) changes the log.
 */
export default function AuditScreen() {
  const { t } = useTranslation('adminReports');
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const { data, isFetching } = useAudit({ ...queryOf(filter), page, rows: PAGE_SIZE });

  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draft);
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: Row[] = [];
      let total = 0;
      for (let p = 1; rows.length < MAX_AUDIT_EXPORT; p++) {
        const got = await staffApi.call(Calls.reportsAudit, { ...queryOf(filter), page: p, rows: MAX_AUDIT_ROWS });
        total = got.totalCount;
        rows.push(...got.list);
        if (got.list.length < MAX_AUDIT_ROWS) break;
      }
      const header = [
        t('audit.at'),
        t('audit.actor'),
        t('audit.action'),
        t('audit.targetColumn'),
        t('audit.before'),
        t('audit.after'),
        t('audit.ip'),
      ];
      downloadCsv(
        t('audit.fileName'),
        toCsv(
          header,
          rows
            .slice(0, MAX_AUDIT_EXPORT)
            .map((r) => [r.at, r.actor, r.action, r.target, json(r.before), json(r.after), r.ip]),
        ),
      );
      if (total > MAX_AUDIT_EXPORT) notify('warning', t('audit.exportCapped', { max: MAX_AUDIT_EXPORT }));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<Row> = [
    { title: t('audit.at'), dataIndex: 'at', render: (v: string) => at(v), width: 180 },
    { title: t('audit.actor'), dataIndex: 'actor' },
    { title: t('audit.action'), dataIndex: 'action' },
    { title: t('audit.targetColumn'), dataIndex: 'target' },
    { title: t('audit.ip'), dataIndex: 'ip' },
  ];

  return (
    <AdminPage
      title={t('audit.title')}
      extra={
        <Button
          onClick={() => void exportCsv()}
          loading={exporting}
          disabled={!data?.totalCount}
          data-testid="audit-export"
        >
          {exporting ? t('audit.exporting') : t('audit.export')}
        </Button>
      }
    >
      <form className="of-reports-filters" onSubmit={search} role="search" aria-label={t('audit.title')}>
        <label>
          {t('audit.actor')}
          <Input
            className="of-reports-field"
            value={draft.actor}
            maxLength={64}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          />
        </label>
        <label>
          {t('audit.action')}
          <Select
            className="of-reports-field"
            aria-label={t('audit.action')}
            allowClear
            showSearch
            value={draft.action || undefined}
            onChange={(v?: string) => setDraft({ ...draft, action: v ?? '' })}
            options={(data?.actions ?? []).map((a) => ({ value: a, label: a }))}
            popupMatchSelectWidth={false}
          />
        </label>
        <label>
          {t('audit.target')}
          <Input
            className="of-reports-field"
            value={draft.target}
            maxLength={200}
            onChange={(e) => setDraft({ ...draft, target: e.target.value })}
          />
        </label>
        <label>
          {t('audit.from')}
          <Input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label>
          {t('audit.to')}
          <Input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <Button type="primary" htmlType="submit">
          {t('audit.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft(EMPTY);
            setFilter(EMPTY);
            setPage(1);
          }}
        >
          {t('audit.reset')}
        </Button>
      </form>
      <Table<Row>
        rowKey="id"
        size="small"
        data-testid="audit-table"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('audit.empty') }}
        expandable={{ expandedRowRender: (r) => <AuditDiff before={r.before} after={r.after} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.totalCount ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('audit.total', { count }),
          onChange: setPage,
        }}
      />
    </AdminPage>
  );
}
