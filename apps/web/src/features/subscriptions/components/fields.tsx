import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_FREQUENCIES, type SubscriptionFrequency } from '@openfind/contract';

/** Daily or weekly, as a group of radio buttons. */
export function FrequencyField({
  value,
  onChange,
  disabled,
}: {
  value: SubscriptionFrequency;
  onChange: (v: SubscriptionFrequency) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('subscriptions');
  const name = useId();
  return (
    <fieldset className="of-sub-fieldset" disabled={disabled}>
      <legend>{t('fields.frequency')}</legend>
      {SUBSCRIPTION_FREQUENCIES.map((f) => (
        <label key={f} className="of-sub-choice">
          <input type="radio" name={name} value={f} checked={value === f} onChange={() => onChange(f)} />
          {t(`frequency.${f}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** Inbox and e-mail, as checkboxes; e-mail only with a verified address (said so otherwise). */
export function ChannelFields({
  byInbox,
  byEmail,
  emailVerified,
  onChange,
  disabled,
}: {
  byInbox: boolean;
  byEmail: boolean;
  emailVerified: boolean;
  onChange: (c: { byInbox: boolean; byEmail: boolean }) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('subscriptions');
  const hintId = useId();
  return (
    <fieldset className="of-sub-fieldset" disabled={disabled}>
      <legend>{t('fields.channels')}</legend>
      <label className="of-sub-choice">
        <input type="checkbox" checked={byInbox} onChange={(e) => onChange({ byInbox: e.target.checked, byEmail })} />
        {t('channel.inbox')}
      </label>
      <label className="of-sub-choice">
        <input
          type="checkbox"
          checked={byEmail && emailVerified}
          disabled={!emailVerified}
          aria-describedby={emailVerified ? undefined : hintId}
          onChange={(e) => onChange({ byInbox, byEmail: e.target.checked })}
        />
        {t('channel.email')}
      </label>
      {emailVerified ? null : (
        <p id={hintId} className="of-sub-quiet">
          {t('channel.emailNeedsVerified')}
        </p>
      )}
      {!byInbox && !(byEmail && emailVerified) ? (
        <p className="of-sub-quiet" role="alert">
          {t('channel.none')}
        </p>
      ) : null}
    </fieldset>
  );
}
