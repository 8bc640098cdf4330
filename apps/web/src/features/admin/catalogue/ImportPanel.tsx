import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Collapse, Input, Progress, Select, Space, Statistic, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_IMPORT_FORMATS, type CatalogueImportFormat } from '@openfind/contract';
import { notify } from '../../../lib/antd/notify';
import {
  bytesText,
  catalogueKeys,
  downloadReport,
  uploadCatalogue,
  useImportJob,
  useImportRuns,
  type ImportJob,
  type ImportRuns,
} from './catalogue-api';
import { ScrollRegion } from './ScrollRegion';

type Run = ImportRuns['list'][number];

/** The colour class of a state's tag (contrast checked in catalogue.css). */
const stateClass = (state: string) => `of-cat-state is-${state}`;

/**
 * Importing a catalogue file (administrators): choose the format (by content by default) and, for
 * CSV, a column mapping; the upload starts the run on the server, whose progress is asked every
 * second; when it ends, the summary and its reject report; below, every run with its figures.
 */
export function ImportPanel() {
  const { t, i18n } = useTranslation('adminCatalogue');
  const lang = i18n.language;
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<CatalogueImportFormat>('auto');
  const [mapping, setMapping] = useState('');
  const [sending, setSending] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const runs = useImportRuns(page, true);

  // An import already running (another tab, another administrator) is followed.
  const watched = jobId ?? runs.data?.running?.jobId ?? null;
  const job = useImportJob(watched);

  // The runs' list catches up once the import ends.
  const state = job.data?.state;
  useEffect(() => {
    if (state && state !== 'running') void client.invalidateQueries({ queryKey: catalogueKeys.all() });
  }, [state, client]);

  const start = async () => {
    if (!file) return;
    setSending(true);
    try {
      const { data, message } = await uploadCatalogue(file, format, mapping);
      notify('success', message);
      setJobId(data.jobId);
      client.setQueryData(catalogueKeys.job(data.jobId), data);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch {
      // The failure's message is shown by the client.
    } finally {
      setSending(false);
    }
  };

  const report = (id: number) => downloadReport(id).catch(() => undefined);
  const running = job.data?.state === 'running' || runs.data?.running != null;

  const columns: TableColumnsType<Run> = [
    {
      title: t('runs.started'),
      dataIndex: 'startedAt',
      render: (v: string) => new Date(v).toLocaleString(lang),
    },
    { title: t('runs.file'), dataIndex: 'fileName' },
    {
      title: t('runs.state'),
      dataIndex: 'state',
      render: (s: string, r) => (
        <Tag className={stateClass(s)} title={r.error ?? undefined}>
          {t(`state.${s}`)}
        </Tag>
      ),
    },
    { title: t('figures.read'), dataIndex: 'read' },
    { title: t('figures.created'), dataIndex: 'created' },
    { title: t('figures.updated'), dataIndex: 'updated', responsive: ['md'] },
    { title: t('figures.unchanged'), dataIndex: 'unchanged', responsive: ['md'] },
    { title: t('figures.skipped'), dataIndex: 'skipped' },
    {
      title: t('runs.by'),
      dataIndex: 'startedBy',
      responsive: ['lg'],
      render: (v: string | null) => v ?? t('runs.cli'),
    },
    {
      title: t('runs.size'),
      dataIndex: 'fileSize',
      responsive: ['lg'],
      render: (v: number) => bytesText(v, lang),
    },
    {
      title: t('runs.report'),
      key: 'report',
      render: (_, r) =>
        r.hasReport && r.jobId !== null ? (
          <Button size="small" onClick={() => void report(r.jobId!)}>
            {t('runs.download')}
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="of-cat-import">
      <p className="of-cat-help">{t('import.help')}</p>
      <div className="of-cat-import-form">
        <label htmlFor="of-cat-file" className="of-cat-label">
          {t('import.file')}
        </label>
        <input
          id="of-cat-file"
          ref={input}
          type="file"
          data-testid="catalogue-file"
          accept=".mrc,.marc,.iso,.dat,.xml,.json,.csv,.tsv,.txt,.gz"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          disabled={sending}
        />
        <label htmlFor="of-cat-format" className="of-cat-label">
          {t('import.format')}
        </label>
        <Select<CatalogueImportFormat>
          id="of-cat-format"
          value={format}
          onChange={setFormat}
          style={{ minWidth: 220 }}
          options={CATALOGUE_IMPORT_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
        />
        <Collapse
          size="small"
          className="of-cat-mapping"
          items={[
            {
              key: 'mapping',
              label: t('import.mapping'),
              children: (
                <>
                  <p className="of-cat-help">{t('import.mappingHelp')}</p>
                  <Input.TextArea
                    aria-label={t('import.mapping')}
                    value={mapping}
                    onChange={(e) => setMapping(e.target.value)}
                    rows={5}
                    maxLength={8000}
                    placeholder='{"columns": {"title": "Title", "isbn": "ISBN"}}'
                  />
                </>
              ),
            },
          ]}
        />
        <Space wrap>
          <Button
            type="primary"
            onClick={() => void start()}
            disabled={!file || running}
            loading={sending}
            data-testid="catalogue-import-start"
          >
            {sending ? t('import.sending') : t('import.start')}
          </Button>
          {running ? <span className="of-cat-help">{t('import.oneAtATime')}</span> : null}
        </Space>
      </div>

      {job.data ? <JobProgress job={job.data} onReport={() => void report(job.data!.jobId)} /> : null}

      <h2 className="of-cat-h2">{t('runs.heading')}</h2>
      <ScrollRegion label={t('runs.heading')}>
        <Table<Run>
          rowKey="runId"
          size="small"
          loading={runs.isFetching && !runs.data}
          columns={columns}
          dataSource={runs.data?.list ?? []}
          locale={{ emptyText: t('runs.none') }}
          data-testid="catalogue-runs"
          pagination={{
            current: page,
            pageSize: 10,
            total: runs.data?.totalCount ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </ScrollRegion>
    </div>
  );
}

/** The import being watched: its progress while it runs, its summary once it ended. */
function JobProgress({ job, onReport }: { job: ImportJob; onReport: () => void }) {
  const { t, i18n } = useTranslation('adminCatalogue');
  const lang = i18n.language;
  const percent = job.fileSize ? Math.min(100, Math.floor((100 * job.bytesRead) / job.fileSize)) : 0;
  const status = job.state === 'running' ? 'active' : job.state === 'done' ? 'success' : 'exception';
  return (
    <section className="of-cat-job" aria-labelledby="of-cat-job-title" data-testid="catalogue-job">
      <h2 id="of-cat-job-title" className="of-cat-h2">
        {job.fileName}{' '}
        <Tag className={stateClass(job.state)} data-testid="catalogue-job-state" data-state={job.state}>
          {t(`state.${job.state}`)}
        </Tag>
      </h2>
      <Progress percent={job.state === 'done' ? 100 : percent} status={status} aria-label={t('figures.progress')} />
      <p className="of-cat-help" aria-live="polite">
        {t('figures.bytes', {
          read: bytesText(job.bytesRead, lang),
          size: bytesText(job.fileSize, lang),
          seconds: job.elapsed.toLocaleString(lang),
        })}
      </p>
      <Space wrap size="large" className="of-cat-figures">
        <Statistic title={t('figures.read')} value={job.read} />
        <Statistic title={t('figures.created')} value={job.created} />
        <Statistic title={t('figures.updated')} value={job.updated} />
        <Statistic title={t('figures.unchanged')} value={job.unchanged} />
        <Statistic title={t('figures.skipped')} value={job.skipped} />
      </Space>
      {job.state === 'done' ? (
        <Alert
          type={job.skipped ? 'warning' : 'success'}
          showIcon
          data-testid="catalogue-job-summary"
          title={t('summary.done', {
            read: job.read,
            created: job.created,
            updated: job.updated,
            unchanged: job.unchanged,
            skipped: job.skipped,
          })}
        />
      ) : null}
      {job.state === 'failed' || job.state === 'interrupted' ? (
        <Alert type="error" showIcon title={t(`summary.${job.state}`)} description={job.error} />
      ) : null}
      {job.hasReport ? (
        <Button onClick={onReport} className="of-cat-report" data-testid="catalogue-download-report">
          {t('runs.downloadReport')}
        </Button>
      ) : null}
    </section>
  );
}
