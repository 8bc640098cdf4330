import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReaderStatus } from '@openfind/contract';

/** A reader's status as a tag: normal, frozen, card lost (dark text on a tint: readable, readers.css). */
export function StatusTag({ status }: { status: ReaderStatus }) {
  const { t } = useTranslation('adminReaders');
  return <Tag className={`of-reader-status is-${status}`}>{t(`status.${status}`)}</Tag>;
}
