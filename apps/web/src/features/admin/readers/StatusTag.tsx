import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReaderStatus } from '@openfind/contract';

/** A reader's status as a tag: normal, frozen, card lost (dark text on a tint: readable, readers.css). */
export function StatusTag({ status, closed = false }: { status: ReaderStatus; closed?: boolean }) {
  const { t } = useTranslation('adminReaders');
  // An account the reader closed (My Library key 14): closed, whatever its status was.
  if (closed) return <Tag className="of-reader-status is-closed">{t('status.closed')}</Tag>;
  return <Tag className={`of-reader-status is-${status}`}>{t(`status.${status}`)}</Tag>;
}
