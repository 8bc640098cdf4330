import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Result } from 'antd';

type Props = { status: 'success' | 'info' | 'warning' | 'error'; title: string; text?: ReactNode; action?: ReactNode };

/** The end (or a dead end) of an account flow; its heading takes focus so that it is read out. */
export function AccountResult({ status, title, text, action }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Result
      className="of-account-result"
      status={status}
      title={
        <h2 ref={headingRef} tabIndex={-1} className="of-account-result-title">
          {title}
        </h2>
      }
      subTitle={text}
      extra={action ? <div className="of-result-actions">{action}</div> : undefined}
    />
  );
}
