import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { busy } from '../../../components/busy';

/** Seconds before another code can be asked for. */
export const RESEND_SECONDS = 60;

type Props = {
  /** Sends the code; resolves true when it was sent (the wait starts). */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
  /** Codes left today, once known (spec §9: the daily remaining counts are shown). */
  remaining?: { times: number; limit: number } | undefined;
};

/** "Send code" with a 60-second wait before resending, and the codes left today. */
export function SendCodeButton({ onSend, disabled = false, remaining }: Props) {
  const { t } = useTranslation('account');
  const [wait, setWait] = useState(0);
  const [isSending, setIsSending] = useState(false);
  const [hasSent, setHasSent] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);
  const usedUp = remaining !== undefined && remaining.times <= 0;
  const send = async () => {
    setIsSending(true);
    try {
      if (await onSend()) {
        setHasSent(true);
        setWait(RESEND_SECONDS);
      }
    } finally {
      setIsSending(false);
    }
  };
  return (
    <div className="of-send-code">
      <Button
        autoInsertSpace={false}
        onClick={() => void send()}
        loading={busy(isSending)}
        disabled={disabled || wait > 0 || usedUp}
      >
        {wait > 0 ? t('code.resendIn', { seconds: wait }) : hasSent ? t('code.resend') : t('code.send')}
      </Button>
      {remaining ? (
        <span className="of-send-code-left">
          {usedUp ? t('code.usedUp') : t('code.left', { times: remaining.times, limit: remaining.limit })}
        </span>
      ) : null}
    </div>
  );
}
