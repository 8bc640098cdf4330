import type { ReactNode } from 'react';
import { Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isEmpty: boolean;
  onRetry: () => void;
  children: ReactNode;
};

/** Loading, failed (with the server's message and a retry) and empty states of a list (spec §8). */
export function ListState({ isPending, isError, error, isEmpty, onRetry, children }: Props) {
  const { t } = useTranslation('lists');
  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError) {
    // The failed list is not kept on screen (spec §8: failures clear the related state).
    return (
      <div className="of-list-failed" role="alert">
        <p>{t('state.failed')}</p>
        {error?.message ? <p className="of-muted">{error.message}</p> : null}
        <Button onClick={onRetry}>{t('state.retry')}</Button>
      </div>
    );
  }
  if (isEmpty) return <Empty description={t('state.empty')} />;
  return <>{children}</>;
}
