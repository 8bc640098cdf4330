import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminRequest } from '@openfind/contract';

/** A date and time of the API (ISO 8601) in the staff member's language, to the minute. */
export function formatTime(iso: string, lang: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' });
}

/** Where a request stands: its status and, while a copy is held, where the copy is. */
export function RequestState({ request }: { request: Pick<AdminRequest, 'status' | 'holdStage'> }) {
  const { t } = useTranslation('adminRequests');
  return (
    <span className="of-req-state">
      <Tag>{t(`status.${request.status}`)}</Tag>
      {request.status === 'ready' && request.holdStage ? <Tag>{t(`stage.${request.holdStage}`)}</Tag> : null}
    </span>
  );
}
