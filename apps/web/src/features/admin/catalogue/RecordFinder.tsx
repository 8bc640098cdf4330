import { useState } from 'react';
import { Button, Form, Input, Select, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CATALOGUE_FIND_FIELDS, type CatalogueFindField } from '@openfind/contract';
import { useFind, type FindPage } from './catalogue-api';
import { ScrollRegion } from './ScrollRegion';

type Brief = FindPage['list'][number];
type Fields = { q: string; field: CatalogueFindField };

const ROWS = 20;

/** The finder: text and field kept in the address (back from a record's page returns to them). */
export function RecordFinder() {
  const { t } = useTranslation('adminCatalogue');
  const [params, setParams] = useSearchParams();
  const fieldParam = params.get('field');
  const field = (CATALOGUE_FIND_FIELDS as readonly string[]).includes(fieldParam ?? '')
    ? (fieldParam as CatalogueFindField)
    : 'any';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const { data, isFetching } = useFind({ q, field, page, rows: ROWS });
  const [initial] = useState<Fields>({ q, field });

  const find = (v: Fields) => {
    const next = new URLSearchParams();
    if (v.q?.trim()) next.set('q', v.q.trim());
    if (v.field && v.field !== 'any') next.set('field', v.field);
    setParams(next);
  };

  const columns: TableColumnsType<Brief> = [
    {
      title: t('col.title'),
      dataIndex: 'title',
      render: (title: string, r) => (
        <>
          <Link to={String(r.recordId)}>{title || t('record.untitled')}</Link>
          {r.suppressed ? (
            <Tag className="of-cat-suppressed-tag" data-testid="catalogue-suppressed-tag">
              {t('record.suppressedTag')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('col.author'), dataIndex: 'author', responsive: ['md'] },
    { title: t('col.year'), dataIndex: 'publishYear', responsive: ['lg'] },
    { title: t('col.isbn'), key: 'isbn', responsive: ['lg'], render: (_, r) => r.isbns.join(', ') },
    { title: t('col.recordId'), dataIndex: 'recordId' },
    { title: t('col.copies'), dataIndex: 'copies', responsive: ['md'] },
  ];

  return (
    <>
      <Form<Fields>
        layout="inline"
        initialValues={initial}
        onFinish={find}
        className="of-cat-filters"
        role="search"
        aria-label={t('find.label')}
      >
        <Form.Item name="q" label={t('find.text')}>
          <Input placeholder={t('find.placeholder')} maxLength={200} data-testid="catalogue-find-text" />
        </Form.Item>
        <Form.Item name="field" label={t('find.field')}>
          <Select
            style={{ minWidth: 140 }}
            options={CATALOGUE_FIND_FIELDS.map((f) => ({ value: f, label: t(`find.fields.${f}`) }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="catalogue-find-submit">
            {t('find.submit')}
          </Button>
        </Form.Item>
      </Form>
      <ScrollRegion label={t('find.results')}>
        <Table<Brief>
          rowKey="recordId"
          size="middle"
          loading={isFetching}
          columns={columns}
          dataSource={q ? (data?.list ?? []) : []}
          locale={{ emptyText: q ? t('find.none') : t('find.hint') }}
          pagination={{
            current: page,
            pageSize: ROWS,
            total: q ? (data?.totalCount ?? 0) : 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => t('find.total', { count: total }),
            onChange: (to) => {
              const next = new URLSearchParams(params);
              next.set('page', String(to));
              setParams(next);
            },
          }}
        />
      </ScrollRegion>
    </>
  );
}
