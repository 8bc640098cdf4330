import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Popconfirm, Space, Spin, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import * as Calls from '@openfind/contract/calls';
import type { ReaderStatus } from '@openfind/contract';
import { staffApi } from '../api/staff-api';
import { AdminPage } from '../components/AdminPage';
import { notify } from '../../../lib/antd/notify';
import { readersKeys, useReader, type ReaderDetail } from './readers-api';
import { StatusTag } from './StatusTag';

type Loan = ReaderDetail['loans']['searchResult'][number];
type Req = ReaderDetail['requests']['list'][number];
type Fine = ReaderDetail['fines']['list'][number];

/** The status changes staff make, by the status they set. */
const ACTIONS: { status: ReaderStatus; key: 'freeze' | 'markLost' | 'restore'; danger: boolean }[] = [
  { status: 'frozen', key: 'freeze', danger: true },
  { status: 'lost', key: 'markLost', danger: true },
  { status: 'normal', key: 'restore', danger: false },
];

/** A date-time in the staff member's locale. */
function when(iso: string | null, lang: string, never: string): string {
  return iso ? new Date(iso).toLocaleString(lang) : never;
}

/** A reader's page: details, status and its changes, password and sessions, loans, requests, fines. */
export function ReaderPage() {
  const { t, i18n } = useTranslation('adminReaders');
  const readerId = Number(useParams().readerId);
  const { data: r, isLoading, isError } = useReader(readerId);
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [password, setPassword] = useState<string | null>(null);

  const act = async (key: string, fn: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await fn();
      await client.invalidateQueries({ queryKey: readersKeys.all() });
    } catch {
      // The failure's message is shown by the client.
    } finally {
      setBusy(null);
    }
  };
  const setStatus = (status: ReaderStatus) =>
    act(status, async () => {
      const { message } = await staffApi.callWithMessage(Calls.adminReaderStatus, { readerId, status });
      notify('success', message);
    });
  const resetPassword = () =>
    act('password', async () => {
      const { data } = await staffApi.callWithMessage(Calls.adminReaderResetPassword, { readerId });
      setPassword(data.password);
    });
  const endSessions = () =>
    act('sessions', async () => {
      const { message } = await staffApi.callWithMessage(Calls.adminReaderEndSessions, { readerId });
      notify('success', message);
    });

  const back = <Link to="..">{t('page.back')}</Link>;
  if (isLoading) return <Spin className="of-admin-loading" />;
  if (isError || !r)
    return (
      <AdminPage title={t('page.title')} extra={back}>
        <Alert type="error" title={t('page.notFound')} showIcon />
      </AdminPage>
    );

  const lang = i18n.language;
  const loanColumns: TableColumnsType<Loan> = [
    { title: t('loans.title'), dataIndex: 'title' },
    { title: t('loans.barcode'), dataIndex: 'barcode', responsive: ['md'] },
    { title: t('loans.due'), dataIndex: 'normReturnDate' },
    { title: t('loans.renewals'), dataIndex: 'renewTimes', responsive: ['md'] },
  ];
  const requestColumns: TableColumnsType<Req> = [
    { title: t('requests.title'), dataIndex: 'title' },
    { title: t('requests.status'), dataIndex: 'status', render: (s: string) => t(`requestStatus.${s}`, s) },
    { title: t('requests.pickup'), dataIndex: 'pickupLibName', responsive: ['md'] },
  ];
  const fineColumns: TableColumnsType<Fine> = [
    {
      title: t('fines.what'),
      dataIndex: 'title',
      render: (v: string, f) => v || t(`fineType.${f.behaviourType}`, f.behaviourType),
    },
    { title: t('fines.owed'), dataIndex: 'owedAmount' },
    { title: t('fines.date'), dataIndex: 'recordTime', render: (v: string) => v.slice(0, 10), responsive: ['md'] },
  ];

  return (
    <AdminPage title={t('page.heading', { name: r.name || r.account })} extra={back}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        className="of-admin-reader-details"
        items={[
          { key: 'account', label: t('col.account'), children: r.account },
          { key: 'cardNo', label: t('col.cardNo'), children: r.cardNo || '—' },
          { key: 'status', label: t('col.status'), children: <StatusTag status={r.status} closed={r.closed} /> },
          { key: 'department', label: t('col.department'), children: r.department || '—' },
          { key: 'readerType', label: t('col.readerType'), children: r.readerType || '—' },
          { key: 'phone', label: t('col.phone'), children: r.phone || '—' },
          { key: 'email', label: t('col.email'), children: r.email || '—' },
          {
            key: 'valid',
            label: t('col.validUntil'),
            children: r.validUntil
              ? `${r.validUntil}${r.expired ? ` (${t('page.expired')})` : ''}`
              : t('page.noExpiry'),
          },
          { key: 'login', label: t('col.lastLogin'), children: when(r.lastLoginAt, lang, t('page.never')) },
          {
            key: 'owed',
            label: t('fines.owedTotal'),
            children: `${r.money.owed}${r.money.blocked ? ` (${t('fines.blocked')})` : ''}`,
          },
        ]}
      />
      <h2 className="of-admin-reader-h2">{t('actions.title')}</h2>
      <Space wrap className="of-admin-reader-actions">
        {ACTIONS.filter((a) => a.status !== r.status).map((a) => (
          <Popconfirm
            key={a.key}
            title={t(`actions.${a.key}Confirm`)}
            okText={t('actions.confirm')}
            cancelText={t('actions.cancel')}
            onConfirm={() => setStatus(a.status)}
          >
            <Button danger={a.danger} loading={busy === a.status}>
              {t(`actions.${a.key}`)}
            </Button>
          </Popconfirm>
        ))}
        <Popconfirm
          title={t('actions.resetPasswordConfirm')}
          okText={t('actions.confirm')}
          cancelText={t('actions.cancel')}
          onConfirm={resetPassword}
        >
          <Button loading={busy === 'password'}>{t('actions.resetPassword')}</Button>
        </Popconfirm>
        <Button loading={busy === 'sessions'} onClick={() => void endSessions()}>
          {t('actions.endSessions')}
        </Button>
      </Space>
      <Modal
        open={password !== null}
        title={t('password.title')}
        onOk={() => setPassword(null)}
        onCancel={() => setPassword(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('password.done')}
      >
        <p>{t('password.note')}</p>
        <Typography.Text code copyable className="of-admin-reader-password">
          {password}
        </Typography.Text>
      </Modal>
      <h2 className="of-admin-reader-h2">{t('loans.heading', { count: r.loans.loanNum })}</h2>
      {r.loans.searchResult.length ? (
        <Table<Loan>
          rowKey="loanId"
          size="small"
          columns={loanColumns}
          dataSource={r.loans.searchResult}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      ) : (
        <p className="of-admin-reader-empty">{t('loans.none')}</p>
      )}
      <h2 className="of-admin-reader-h2">{t('requests.heading', { count: r.requests.totalCount })}</h2>
      {r.requests.list.length ? (
        <Table<Req>
          rowKey="requestId"
          size="small"
          columns={requestColumns}
          dataSource={r.requests.list}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      ) : (
        <p className="of-admin-reader-empty">{t('requests.none')}</p>
      )}
      <h2 className="of-admin-reader-h2">{t('fines.heading', { count: r.fines.totalCount })}</h2>
      {r.fines.list.length ? (
        <Table<Fine>
          rowKey="id"
          size="small"
          columns={fineColumns}
          dataSource={r.fines.list}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      ) : (
        <p className="of-admin-reader-empty">{t('fines.none')}</p>
      )}
    </AdminPage>
  );
}
