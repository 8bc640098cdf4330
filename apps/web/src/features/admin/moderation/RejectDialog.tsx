import { useState } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_REJECT_REASON } from '@openfind/contract';

type Props = {
  /** How many items the decision is for; 0 closes the dialog. */
  count: number;
  /** Whose texts: rejecting comments (`reject.*`), or hiding a reader's book list (`hide.*`). */
  kind?: 'reject' | 'hide';
  maxLength?: number;
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
};

/**
 * Asks the reason of a rejection (the reader sees it in "my comments") or of hiding a reader's book
 * list (the reader sees it on the list and in their inbox); either needs one.
 */
export function RejectDialog({
  count,
  kind = 'reject',
  maxLength = MAX_REJECT_REASON,
  busy,
  onReject,
  onCancel,
}: Props) {
  const { t } = useTranslation('adminModeration');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = !reason.trim();
  return (
    <Modal
      open={count > 0}
      title={t(`${kind}.title`, { count })}
      okText={t(`${kind}.ok`)}
      cancelText={t(`${kind}.cancel`)}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
      afterClose={() => {
        setReason('');
        setTried(false);
      }}
      onCancel={onCancel}
      onOk={() => {
        setTried(true);
        if (!missing) onReject(reason.trim());
      }}
    >
      <label htmlFor="of-mod-reason" className="of-queue-label">
        {t(`${kind}.reason`)}
      </label>
      <Input.TextArea
        id="of-mod-reason"
        value={reason}
        maxLength={maxLength}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        aria-describedby="of-mod-reason-help"
        aria-invalid={tried && missing}
        status={tried && missing ? 'error' : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      <p id="of-mod-reason-help" className={tried && missing ? 'of-queue-error' : 'of-queue-help'}>
        {tried && missing ? t(`${kind}.required`) : t(`${kind}.help`)}
      </p>
    </Modal>
  );
}
