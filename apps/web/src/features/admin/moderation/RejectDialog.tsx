import { useState } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_REJECT_REASON } from '@openfind/contract';

type Props = {
  /** How many comments the rejection is for; 0 closes the dialog. */
  count: number;
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
};

/** Asks the reason of a rejection (the reader sees it in "my comments"); a rejection needs one. */
export function RejectDialog({ count, busy, onReject, onCancel }: Props) {
  const { t } = useTranslation('adminModeration');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = !reason.trim();
  return (
    <Modal
      open={count > 0}
      title={t('reject.title', { count })}
      okText={t('reject.ok')}
      cancelText={t('reject.cancel')}
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
      <label htmlFor="of-mod-reason" className="of-mod-label">
        {t('reject.reason')}
      </label>
      <Input.TextArea
        id="of-mod-reason"
        value={reason}
        maxLength={MAX_REJECT_REASON}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        aria-describedby="of-mod-reason-help"
        aria-invalid={tried && missing}
        status={tried && missing ? 'error' : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      <p id="of-mod-reason-help" className={tried && missing ? 'of-mod-error' : 'of-mod-help'}>
        {tried && missing ? t('reject.required') : t('reject.help')}
      </p>
    </Modal>
  );
}
