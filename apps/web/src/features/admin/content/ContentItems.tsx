import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Empty, Form, Input, Pagination, Popconfirm, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Rows per page of the content lists. */
export const CONTENT_ROWS = 20;

/**
 * The filter bar of a content tab: a text field, what else the tab filters by (`children`), search,
 * and the button that adds an item.
 */
export function ContentFilters(props: {
  label: string;
  textLabel: string;
  text: string;
  onText: (text: string) => void;
  onSearch: () => void;
  addLabel: string;
  onAdd: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('adminContent');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSearch();
  };
  return (
    <form className="of-content-filters" onSubmit={submit} role="search" aria-label={props.label}>
      <label>
        {props.textLabel}
        <Input className="of-content-field" value={props.text} onChange={(e) => props.onText(e.target.value)} />
      </label>
      {props.children}
      <Button htmlType="submit">{t('search')}</Button>
      <Button type="primary" onClick={props.onAdd}>
        {props.addLabel}
      </Button>
    </form>
  );
}

/**
 * A content tab's items as a list (`label` names it for assistive technology): a spinner while the
 * first page loads, "none" when there is nothing, a pager when there is more than a page.
 */
export function ContentList<T>(props: {
  label: string;
  query: { isPending: boolean; isSuccess: boolean; data?: { list: T[]; totalCount: number } | undefined };
  page?: number;
  onPage?: (page: number) => void;
  children: (item: T, index: number, items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('adminContent');
  const { query, page, onPage } = props;
  const items = query.data?.list ?? [];
  const total = query.data?.totalCount ?? 0;
  return (
    <>
      {query.isPending ? <Spin /> : null}
      {query.isSuccess && !items.length ? <Empty description={t('none')} /> : null}
      <ul className="of-content-list" aria-label={props.label}>
        {items.map((item, i) => props.children(item, i, items))}
      </ul>
      {page !== undefined && onPage && total > CONTENT_ROWS ? (
        <Pagination
          className="of-content-pager"
          current={page}
          pageSize={CONTENT_ROWS}
          total={total}
          onChange={onPage}
          showSizeChanger={false}
        />
      ) : null}
    </>
  );
}

/** One item of a content list: its title, a line of facts, its buttons. */
export function ContentItem(props: { title: ReactNode; meta: ReactNode; children: ReactNode }) {
  return (
    <li className="of-content-item">
      <h3>{props.title}</h3>
      <p className="of-content-meta">{props.meta}</p>
      <div className="of-content-actions">{props.children}</div>
    </li>
  );
}

/** Delete, after a confirmation naming what goes. */
export function DeleteButton({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const { t } = useTranslation('adminContent');
  return (
    <Popconfirm
      title={t('confirmDelete', { name })}
      okText={t('delete')}
      cancelText={t('cancel')}
      onConfirm={onConfirm}
    >
      <Button size="small" danger>
        {t('delete')}
      </Button>
    </Popconfirm>
  );
}

/** A tab's text filter: what is typed, what was searched, the page (back to 1 at each search). */
export function useTextFilter() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const apply = () => {
    setQ(draft.trim());
    setPage(1);
  };
  return { draft, setDraft, q, page, setPage, apply };
}

/** Published or draft. */
export function PublishedTag({ published }: { published: boolean }) {
  const { t } = useTranslation('adminContent');
  return <Tag color={published ? 'green' : 'default'}>{published ? t('published') : t('draft')}</Tag>;
}

/** The name in Simplified Chinese (required), Traditional Chinese and English. */
export function NameFields() {
  const { t } = useTranslation('adminContent');
  return (
    <>
      <Form.Item
        name="name"
        label={t('form.nameZh')}
        rules={[{ required: true, whitespace: true, message: t('form.required') }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="nameTw" label={t('form.nameTw')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="nameEn" label={t('form.nameEn')}>
        <Input maxLength={200} />
      </Form.Item>
    </>
  );
}
