import { useState } from 'react';
import { Alert, Button, Descriptions, Popconfirm, Space, Spin, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import * as Calls from '@openfind/contract/calls';
import { staffApi } from '../api/staff-api';
import { AdminPage } from '../components/AdminPage';
import { notify } from '../../../lib/antd/notify';
import { roleAtLeast } from '../session/roles';
import { useStaffIdentity } from '../session/use-staff-identity';
import { catalogueKeys, useRecord, type RecordView } from './catalogue-api';
import { ScrollRegion } from './ScrollRegion';

type Field = RecordView['fields'][number];
type Copy = RecordView['items'][number];

/** An indicator as shown: a blank is `#`, as cataloguers write it. */
const ind = (v: string) => (v === ' ' || v === '' ? '#' : v);

/**
 * A record's page for staff: what it is, whether readers see it, its MARC (tag, indicators,
 * subfields; none for a record imported before the MARC was kept) and its copies; administrators
 * hide it from readers, show it again, or delete it (refused while on loan or requested).
 */
export function RecordPage() {
  const { t, i18n } = useTranslation('adminCatalogue');
  const recordId = Number(useParams().recordId);
  const identity = useStaffIdentity();
  const admin = roleAtLeast(identity.role, 'admin');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: r, isLoading, isError } = useRecord(recordId);
  const [busy, setBusy] = useState<'suppress' | 'delete' | null>(null);

  const back = <Link to="..">{t('record.back')}</Link>;
  if (isLoading) return <Spin className="of-admin-loading" />;
  if (isError || !r)
    return (
      <AdminPage title={t('record.title')} extra={back}>
        <Alert type="error" title={t('record.notFound')} showIcon />
      </AdminPage>
    );

  const setSuppressed = async (suppressed: boolean) => {
    setBusy('suppress');
    try {
      const { message } = await staffApi.callWithMessage(Calls.catalogueSuppress, { recordId, suppressed });
      notify('success', message);
    } catch {
      // The failure's message is shown by the client.
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: catalogueKeys.all() });
    }
  };
  const remove = async () => {
    setBusy('delete');
    try {
      const { message } = await staffApi.callWithMessage(Calls.catalogueDelete, { recordId });
      notify('success', message);
      await client.invalidateQueries({ queryKey: catalogueKeys.all() });
      void navigate('..');
    } catch {
      // The failure's message is shown by the client.
    } finally {
      setBusy(null);
    }
  };

  const blocked = r.onLoan > 0 || r.openRequests > 0;
  const fieldColumns: TableColumnsType<Field> = [
    { title: t('marc.tag'), dataIndex: 'tag', width: 64 },
    {
      title: t('marc.indicators'),
      key: 'ind',
      width: 72,
      render: (_, f) => (f.value === null ? <code>{`${ind(f.ind1)}${ind(f.ind2)}`}</code> : null),
    },
    {
      title: t('marc.content'),
      key: 'content',
      render: (_, f) =>
        f.value !== null ? (
          <span className="of-cat-marc-value">{f.value}</span>
        ) : (
          <span className="of-cat-marc-value">
            {f.subfields.map((s, i) => (
              <span key={i} className="of-cat-subfield">
                <b className="of-cat-code">{`$${s.code}`}</b> {s.value}{' '}
              </span>
            ))}
          </span>
        ),
    },
  ];
  const copyColumns: TableColumnsType<Copy> = [
    { title: t('copies.barcode'), dataIndex: 'barcode' },
    { title: t('copies.callNo'), dataIndex: 'callNo' },
    { title: t('copies.library'), dataIndex: 'libCode', responsive: ['md'] },
    { title: t('copies.location'), dataIndex: 'location', responsive: ['md'] },
    {
      title: t('copies.status'),
      key: 'status',
      render: (_, c) =>
        t(`copies.states.${c.status}`, { defaultValue: c.status }) + (c.dueDate ? ` (${c.dueDate})` : ''),
    },
  ];

  return (
    <AdminPage title={r.title || t('record.untitled')} extra={back}>
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} bordered className="of-cat-desc">
        <Descriptions.Item label={t('col.recordId')}>{r.recordId}</Descriptions.Item>
        <Descriptions.Item label={t('record.visibility')}>
          {r.suppressed ? (
            <Tag className="of-cat-suppressed-tag" data-testid="catalogue-record-state">
              {t('record.suppressedTag')}
            </Tag>
          ) : (
            <Tag className="of-cat-shown-tag" data-testid="catalogue-record-state">
              {t('record.shownTag')}
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('col.author')}>{r.author}</Descriptions.Item>
        <Descriptions.Item label={t('record.publisher')}>
          {[r.publisher, r.publishYear].filter(Boolean).join(', ')}
        </Descriptions.Item>
        <Descriptions.Item label={t('col.isbn')}>{r.isbns.join(', ')}</Descriptions.Item>
        <Descriptions.Item label={t('record.source')}>{`${r.sourceFormat} · ${r.sourceKey}`}</Descriptions.Item>
        <Descriptions.Item label={t('record.updated')}>
          {new Date(r.updatedAt).toLocaleString(i18n.language)}
        </Descriptions.Item>
      </Descriptions>

      {admin ? (
        <Space wrap className="of-cat-actions">
          {r.suppressed ? (
            <Button
              loading={busy === 'suppress'}
              onClick={() => void setSuppressed(false)}
              data-testid="catalogue-show"
            >
              {t('record.show')}
            </Button>
          ) : (
            <Popconfirm
              title={t('record.suppressConfirm')}
              okText={t('record.suppress')}
              cancelText={t('record.cancel')}
              onConfirm={() => setSuppressed(true)}
            >
              <Button loading={busy === 'suppress'} data-testid="catalogue-suppress">
                {t('record.suppress')}
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('record.deleteConfirm', { copies: r.copies })}
            okText={t('record.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('record.cancel')}
            onConfirm={remove}
            disabled={blocked}
          >
            <Button danger loading={busy === 'delete'} disabled={blocked} data-testid="catalogue-delete">
              {t('record.delete')}
            </Button>
          </Popconfirm>
          {blocked ? (
            <span className="of-cat-help">
              {t('record.deleteBlocked', { onLoan: r.onLoan, requests: r.openRequests })}
            </span>
          ) : null}
        </Space>
      ) : null}

      <h2 className="of-cat-h2">{t('marc.heading')}</h2>
      {r.leader === null ? (
        <Alert type="info" showIcon title={t('marc.none')} />
      ) : (
        <>
          <p className="of-cat-leader">
            <span>{t('marc.leader')}</span> <code data-testid="catalogue-leader">{r.leader.replace(/ /g, '#')}</code>
          </p>
          <ScrollRegion label={t('marc.heading')}>
            <Table<Field>
              rowKey={(_, i) => String(i)}
              size="small"
              columns={fieldColumns}
              dataSource={r.fields}
              pagination={false}
              className="of-cat-marc"
              data-testid="catalogue-marc"
            />
          </ScrollRegion>
        </>
      )}

      <h2 className="of-cat-h2">{t('copies.heading', { count: r.items.length })}</h2>
      <ScrollRegion label={t('copies.heading', { count: r.items.length })}>
        <Table<Copy>
          rowKey={(_, i) => String(i)}
          size="small"
          columns={copyColumns}
          dataSource={r.items}
          pagination={false}
          locale={{ emptyText: t('copies.none') }}
        />
      </ScrollRegion>
    </AdminPage>
  );
}
