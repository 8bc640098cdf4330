import { Pagination } from 'antd';

type Props = { page: number; pageSize: number; total: number; onChange: (page: number) => void };

/** Pagination under a list; nothing when everything fits on one page. */
export function ListPager({ page, pageSize, total, onChange }: Props) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      className="of-list-pager"
      current={page}
      pageSize={pageSize}
      total={total}
      onChange={onChange}
      showSizeChanger={false}
      showQuickJumper={total > pageSize * 5}
    />
  );
}
