import { useState } from 'react';
import { Button, Form, Input, Pagination, Select, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOLD_STAGES, REQUEST_STATUSES, REQUEST_TYPES } from '@openfind/contract';
import type { AdminRequest, AdminRequestQuery } from '@openfind/contract';
import { useLibs } from '../../library';
import { useRequestList } from './requests-api';
import { RequestState, formatTime } from './request-parts';

type Filter = Omit<Partial<AdminRequestQuery>, 'page' | 'rows'>;
const ROWS = 20;

/** The institution's requests, newest first, filtered by status, where the copy is, kind, library, date and reader or title. */
export function RequestList() {
  const { t, i18n } = useTranslation('adminRequests');
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<Filter>();
  const libs = useLibs(true);
  const list = useRequestList({ ...filter, page, rows: ROWS });

  const any = { value: '', label: t('filter.any') };
  const options = (values: readonly string[], prefix: string) => [
    any,
    ...values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) })),
  ];
  const apply = (_: unknown, all: Filter) => {
    // Empty fields mean "any"; the search waits for Enter (onSearch), the rest apply at once.
    const clean = Object.fromEntries(
      Object.entries(all).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
    ) as Filter;
    setFilter(clean);
    setPage(1);
  };

  const columns: TableColumnsType<AdminRequest> = [
    {
      title: t('col.title'),
      key: 'title',
      render: (_, r) => (
        <Link to={String(r.requestId)} className="of-req-title">
          {r.title}
        </Link>
      ),
    },
    {
      title: t('col.reader'),
      key: 'reader',
      render: (_, r) => (
        <>
          {r.readerName}
          <div className="of-req-muted">{r.reader}</div>
        </>
      ),
    },
    { title: t('col.kind'), key: 'kind', render: (_, r) => t(`kind.${r.requestType}`) },
    { title: t('col.status'), key: 'status', render: (_, r) => <RequestState request={r} /> },
    { title: t('col.pickup'), key: 'pickup', render: (_, r) => r.pickupLibName },
    { title: t('col.callNo'), key: 'callNo', render: (_, r) => r.callNo ?? '' },
    { title: t('col.placed'), key: 'placed', render: (_, r) => formatTime(r.createdAt, i18n.language) },
  ];

  return (
    <div>
      <Form
        form={form}
        layout="vertical"
        className="of-req-filters"
        onValuesChange={(changed: Filter, all) => {
          if (!('q' in changed)) apply(changed, all);
        }}
        aria-label={t('filter.heading')}
      >
        <Form.Item name="status" label={t('filter.status')} initialValue="">
          <Select options={options(REQUEST_STATUSES, 'status')} />
        </Form.Item>
        <Form.Item name="stage" label={t('filter.stage')} initialValue="">
          <Select options={options(HOLD_STAGES, 'stage')} />
        </Form.Item>
        <Form.Item name="kind" label={t('filter.kind')} initialValue="">
          <Select options={options(REQUEST_TYPES, 'kind')} />
        </Form.Item>
        <Form.Item name="libCode" label={t('filter.library')} initialValue="">
          <Select options={[any, ...(libs.data ?? []).map((l) => ({ value: l.libCode, label: l.libName }))]} />
        </Form.Item>
        <Form.Item name="from" label={t('filter.from')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="to" label={t('filter.to')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="q" label={t('filter.search')} className="of-req-filter-wide">
          <Input.Search
            placeholder={t('filter.searchPlaceholder')}
            maxLength={100}
            onSearch={() => apply(null, form.getFieldsValue())}
          />
        </Form.Item>
        <Form.Item label=" " className="of-req-filter-reset">
          <Button
            onClick={() => {
              form.resetFields();
              apply(null, {});
            }}
          >
            {t('filter.reset')}
          </Button>
        </Form.Item>
      </Form>
      <p className="of-req-muted" aria-live="polite">
        {list.data ? t('total', { count: list.data.totalCount }) : ''}
      </p>
      <Table<AdminRequest>
        rowKey="requestId"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 860 }}
        size="middle"
        locale={{ emptyText: t('empty') }}
      />
      {list.data && list.data.totalCount > ROWS ? (
        <Pagination
          className="of-req-pages"
          current={page}
          pageSize={ROWS}
          total={list.data.totalCount}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}
    </div>
  );
}
