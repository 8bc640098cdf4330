import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_TITLE_MAX, type SubscriptionFrequency } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { useSubscribe, useSubscriptions, type SubscribeDraft } from '../api';
import { ChannelFields, FrequencyField } from './fields';
import '../subscriptions.css';

type Props = { draft: SubscribeDraft; defaultTitle: string; onClose: () => void };

/** The subscribe dialog: a name, daily or weekly, inbox and/or e-mail (e-mail with a verified address only). */
export function SubscribeDialog({ draft, defaultTitle, onClose }: Props) {
  const { t } = useTranslation('subscriptions');
  const mine = useSubscriptions();
  const subscribe = useSubscribe();
  const titleId = useId();
  const [title, setTitle] = useState(defaultTitle.slice(0, SUBSCRIPTION_TITLE_MAX));
  const [frequency, setFrequency] = useState<SubscriptionFrequency>('weekly');
  const [byInbox, setByInbox] = useState(true);
  const [byEmail, setByEmail] = useState(false);
  const [done, setDone] = useState(false);
  const emailVerified = mine.data?.emailVerified ?? false;
  const submit = () =>
    subscribe.mutate(
      { ...draft, title: title.trim() || undefined, frequency, byInbox, byEmail: byEmail && emailVerified },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          setDone(true);
        },
      },
    );
  return (
    <Modal
      open
      title={t('dialog.title')}
      okText={done ? t('dialog.close') : t('dialog.submit')}
      cancelText={t('dialog.cancel')}
      cancelButtonProps={done ? { style: { display: 'none' } } : undefined}
      okButtonProps={{ loading: subscribe.isPending, disabled: !done && !byInbox && !(byEmail && emailVerified) }}
      onOk={done ? onClose : submit}
      onCancel={onClose}
      width={440}
    >
      {done ? (
        <p role="status" data-testid="subscribed">
          {t('dialog.done')} <Link to="/personalCenter?key=3">{t('dialog.manage')}</Link>
        </p>
      ) : (
        <form
          className="of-sub-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor={titleId}>{t('fields.title')}</label>
          <input
            id={titleId}
            className="of-sub-input"
            value={title}
            maxLength={SUBSCRIPTION_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
          />
          <FrequencyField value={frequency} onChange={setFrequency} />
          <ChannelFields
            byInbox={byInbox}
            byEmail={byEmail}
            emailVerified={emailVerified}
            onChange={(c) => {
              setByInbox(c.byInbox);
              setByEmail(c.byEmail);
            }}
          />
        </form>
      )}
    </Modal>
  );
}

export default SubscribeDialog;
