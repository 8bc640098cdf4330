import { Pagination } from 'antd';

type Props = { page: number; pageSize: number; total: number; onChange: (page: number) => void };

/** Pagination under a list of the donation screens; nothing when everything fits on one page. */
export function Pager({ page, pageSize, total, onChange }: Props) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      className="of-don-pager"
      current={page}
      pageSize={pageSize}
      total={total}
      onChange={onChange}
      showSizeChanger={false}
      size="small"
    />
  );
}
