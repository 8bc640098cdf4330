import type { ReactNode } from 'react';
import { Result } from 'antd';

type Props = {
  status: 'info' | 'warning' | 'error';
  title: string;
  subTitle?: ReactNode;
  extra?: ReactNode;
  /** Full-page pages (outside the shell) carry their own main landmark. */
  standalone?: boolean;
};

/** An Ant Design Result with a real h1; loaded lazily because it is never on the home page. */
export function ResultPage({ status, title, subTitle, extra, standalone = false }: Props) {
  const result = (
    <Result status={status} title={<h1 className="of-result-title">{title}</h1>} subTitle={subTitle} extra={extra} />
  );
  if (!standalone) return <div className="of-page of-result-page">{result}</div>;
  return (
    <main id="main" tabIndex={-1} className="of-full-page">
      {result}
    </main>
  );
}

export default ResultPage;
