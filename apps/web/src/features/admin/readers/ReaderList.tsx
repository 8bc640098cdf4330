import { useState } from 'react';
import { Button, Form, Input, Select, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { READER_STATUSES, type ReaderStatus } from '@openfind/contract';
import { AdminPage } from '../components/AdminPage';
import { roleAtLeast } from '../session/roles';
import { useStaffIdentity } from '../session/use-staff-identity';
import { useReaderSearch, type ReaderSearch } from './readers-api';
import { StatusTag } from './StatusTag';

type Brief = NonNullable<ReturnType<typeof useReaderSearch>['data']>['list'][number];
type Filters = { q?: string; department?: string; readerType?: string; status?: ReaderStatus | '' };

const ROWS = 20;

/** The search: text and filters kept in the address (back from a reader's page returns to them). */
export function ReaderList() {
  const { t } = useTranslation('adminReaders');
  const identity = useStaffIdentity();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: ReaderSearch = {
    q: params.get('q') ?? '',
    department: params.get('department') ?? '',
    readerType: params.get('readerType') ?? '',
    ...(status && (READER_STATUSES as readonly string[]).includes(status) ? { status: status as ReaderStatus } : {}),
    page,
    rows: ROWS,
  };
  const [form] = Form.useForm<Filters>();
  const [initial] = useState<Filters>({ ...query, status: query.status ?? '' });
  const { data, isFetching } = useReaderSearch(query);

  const search = (v: Filters) => {
    const next = new URLSearchParams();
    for (const [k, value] of Object.entries(v)) if (value && String(value).trim()) next.set(k, String(value).trim());
    setParams(next);
  };

  const columns: TableColumnsType<Brief> = [
    {
      title: t('col.account'),
      dataIndex: 'account',
      render: (account: string, r) => <Link to={String(r.readerId)}>{account}</Link>,
    },
    { title: t('col.name'), dataIndex: 'name' },
    { title: t('col.cardNo'), dataIndex: 'cardNo', responsive: ['md'] },
    { title: t('col.department'), dataIndex: 'department', responsive: ['lg'] },
    { title: t('col.readerType'), dataIndex: 'readerType', responsive: ['lg'] },
    {
      title: t('col.status'),
      dataIndex: 'status',
      render: (s: ReaderStatus, r: Brief) => <StatusTag status={s} closed={r.closed} />,
    },
  ];

  return (
    <AdminPage
      title={t('title')}
      extra={
        roleAtLeast(identity.role, 'admin') ? (
          <Button onClick={() => void navigate('import')}>{t('import.open')}</Button>
        ) : null
      }
    >
      <Form
        form={form}
        layout="inline"
        initialValues={initial}
        onFinish={search}
        className="of-admin-readers-filters"
        role="search"
        aria-label={t('search.label')}
      >
        <Form.Item name="q" label={t('search.text')}>
          <Input placeholder={t('search.placeholder')} maxLength={100} />
        </Form.Item>
        <Form.Item name="department" label={t('col.department')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="readerType" label={t('col.readerType')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="status" label={t('col.status')}>
          <Select
            style={{ minWidth: 120 }}
            options={[
              { value: '', label: t('status.any') },
              ...READER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('search.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Table<Brief>
        rowKey="readerId"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.list ?? []}
        locale={{ emptyText: t('search.none') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: ROWS,
          total: data?.totalCount ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('search.total', { count: total }),
          onChange: (to) => {
            const next = new URLSearchParams(params);
            next.set('page', String(to));
            setParams(next);
          },
        }}
      />
    </AdminPage>
  );
}
