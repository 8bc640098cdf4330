import { useRef, useState } from 'react';
import { Alert, Button, Space, Statistic, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as Calls from '@openfind/contract/calls';
import { READER_CSV_COLUMNS, READER_IMPORT_MAX_BYTES, READER_IMPORT_MAX_ROWS } from '@openfind/contract';
import { staffApi } from '../api/staff-api';
import { AdminPage } from '../components/AdminPage';
import { notify } from '../../../lib/antd/notify';
import { READER_FILE_TYPES, readersKeys, type ImportReport } from './readers-api';
import { rejectReportCsv } from './reject-report';

type Rejected = ImportReport['rejected'][number];

/**
 * The CSV import (administrators): choose a file, see what it would do (rows to add and update, rows
 * rejected with their line and reason), then import that same file; the rejected rows download as a
 * CSV report. The server binds the import to the file previewed and lets it through once.
 */
export function ReaderImport() {
  const { t } = useTranslation('adminReaders');
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);

  const send = async (which: 'preview' | 'commit', f: File) => {
    setBusy(which);
    try {
      const call = which === 'preview' ? Calls.adminReaderImportPreview : Calls.adminReaderImportCommit;
      const { data, message } = await staffApi.upload(call, f, READER_FILE_TYPES);
      setReport(data);
      if (which === 'commit') {
        notify('success', message);
        await client.invalidateQueries({ queryKey: readersKeys.all() });
      }
    } catch {
      // The failure's message is shown by the client.
    } finally {
      setBusy(null);
    }
  };

  const choose = (f: File | undefined) => {
    setReport(null);
    setFile(f ?? null);
    if (f) void send('preview', f);
  };

  const reason = (r: Rejected) => t(`problem.${r.problem}`, { value: r.value });
  const download = () => {
    if (!report) return;
    const csv = rejectReportCsv(
      [t('reject.line'), t('col.account'), t('reject.reason')],
      report.rejected.map((r) => [r.line, r.account, reason(r)]),
    );
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${(file?.name ?? 'readers').replace(/\.[^.]*$/, '')}-rejected.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const columns: TableColumnsType<Rejected> = [
    { title: t('reject.line'), dataIndex: 'line', width: 80 },
    { title: t('col.account'), dataIndex: 'account' },
    { title: t('reject.reason'), key: 'reason', render: (_, r) => reason(r) },
  ];

  return (
    <AdminPage title={t('import.title')} extra={<Link to="..">{t('page.back')}</Link>}>
      <p className="of-admin-readers-help">
        {t('import.help', { max: READER_IMPORT_MAX_ROWS, mb: READER_IMPORT_MAX_BYTES >> 20 })}
      </p>
      <p className="of-admin-readers-help">
        {t('import.columns')} <code>{READER_CSV_COLUMNS.join(',')}</code>
      </p>
      <Space wrap>
        <label htmlFor="of-reader-file" className="of-admin-readers-file-label">
          {t('import.file')}
        </label>
        <input
          id="of-reader-file"
          ref={input}
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain"
          onChange={(e) => choose(e.target.files?.[0])}
          disabled={busy !== null}
        />
      </Space>
      {report ? (
        <section aria-labelledby="of-reader-import-preview" className="of-admin-readers-report">
          <h2 id="of-reader-import-preview">{report.committed ? t('import.done') : t('import.preview')}</h2>
          <Space wrap size="large">
            <Statistic title={t('import.rows')} value={report.rows} />
            <Statistic title={report.committed ? t('import.added') : t('import.toAdd')} value={report.added} />
            <Statistic title={report.committed ? t('import.updated') : t('import.toUpdate')} value={report.updated} />
            <Statistic title={t('import.rejected')} value={report.rejected.length} />
          </Space>
          {report.encoding !== 'utf-8' ? (
            <Alert type="info" showIcon title={t('import.encoding', { encoding: report.encoding.toUpperCase() })} />
          ) : null}
          <Space wrap className="of-admin-readers-report-actions">
            {!report.committed ? (
              <Button
                type="primary"
                loading={busy === 'commit'}
                disabled={busy !== null || report.added + report.updated === 0}
                onClick={() => file && void send('commit', file)}
              >
                {t('import.commit', { count: report.added + report.updated })}
              </Button>
            ) : null}
            {report.rejected.length ? <Button onClick={download}>{t('import.download')}</Button> : null}
          </Space>
          {report.rejected.length ? (
            <Table<Rejected>
              rowKey="line"
              size="small"
              columns={columns}
              dataSource={report.rejected}
              pagination={{ pageSize: 50, showSizeChanger: false }}
              scroll={{ x: 'max-content' }}
            />
          ) : null}
        </section>
      ) : null}
    </AdminPage>
  );
}
