import { useId } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemainingTimes } from '../api/recovery';
import { SendCodeButton } from './SendCodeButton';

type Props = {
  /** Sends the code; resolves true when it was sent. */
  onSend: () => Promise<boolean>;
  remaining: RemainingTimes | undefined;
  /** Where the last code went ('' before one was sent): announced, and describes the code input. */
  sentTo: string;
  /** A new value (another channel) starts the send button afresh. */
  channel: string;
};

/** Send a code, where it went (read out), and the field for the code received (`code`). */
export function CodeFields({ onSend, remaining, sentTo, channel }: Props) {
  const { t } = useTranslation('account');
  const statusId = useId();
  return (
    <>
      <SendCodeButton key={channel} onSend={onSend} remaining={remaining} />
      <p id={statusId} className="of-account-status" role="status">
        {sentTo ? t('code.sentTo', { target: sentTo }) : ''}
      </p>
      <Form.Item
        name="code"
        label={t('fields.code')}
        rules={[{ required: true, whitespace: true, message: t('validation.codeRequired') }]}
      >
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
          aria-describedby={sentTo ? statusId : undefined}
        />
      </Form.Item>
    </>
  );
}
