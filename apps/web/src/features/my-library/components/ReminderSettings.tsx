import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedAction, ReminderSettings as Settings } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { ApiError } from '../../../lib/http';
import { useCalendarFeed, useReminderSettings, useUpdateReminderSettings } from '../api/reminders';
import './reminder-settings.css';
import { PanelStatus, hasData } from './PanelStatus';
import { CheckOption } from './CheckOption';

/**
 * Due-date reminders (issue 27), under the loans: the reader's two channels (inbox, e-mail), each
 * saved as soon as it is ticked, and the calendar of their due dates — an address to subscribe to in
 * a phone's calendar, shown once when made (the server keeps only a hash of it), made anew or revoked.
 */
export function ReminderSettings() {
  const { t } = useTranslation('myLibrary');
  const query = useReminderSettings();
  const titleId = useId();
  if (!hasData(query))
    return <PanelStatus query={query} failed={t('reminders.loadFailed')} className="of-reminders-note" />;
  const settings = query.data;
  return (
    <section className="of-reminders" aria-labelledby={titleId}>
      <h3 id={titleId} className="of-reminders-title">
        {t('reminders.title')}
      </h3>
      <p className="of-reminders-note">
        {!settings.active
          ? t('reminders.inactive')
          : settings.daysBefore === 0
            ? t('reminders.whenToday')
            : t('reminders.when', { count: settings.daysBefore })}
      </p>
      <Channels settings={settings} />
      <CalendarFeedPart settings={settings} />
    </section>
  );
}

type Choice = { emailReminders: boolean; inboxReminders: boolean };

/** The two channels, each saved at once. */
function Channels({ settings }: { settings: Settings }) {
  const { t } = useTranslation('myLibrary');
  const id = useId();
  const save = useUpdateReminderSettings();
  // The choice being saved, shown at once; the saved settings once the server has answered (or refused).
  const [saving, setSaving] = useState<Choice | null>(null);
  const shown: Choice = saving ?? { emailReminders: settings.emailReminders, inboxReminders: settings.inboxReminders };
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const choose = (change: Partial<Choice>) => {
    const next = { ...shown, ...change };
    setDone('');
    setError('');
    setSaving(next);
    save.mutate(next, {
      onSuccess: ({ message }) => setDone(message),
      onError: (err) => setError(err instanceof ApiError && err.message ? err.message : t('reminders.saveFailed')),
      onSettled: () => setSaving(null),
    });
  };
  const emailHint = settings.emailAvailable
    ? t('reminders.emailHint', { email: settings.email })
    : settings.email
      ? t('reminders.emailNoServer')
      : t('reminders.emailNoAddress');
  const options = [
    ['inboxReminders', shown.inboxReminders, t('reminders.inbox'), t('reminders.inboxHint')],
    ['emailReminders', shown.emailReminders, t('reminders.email'), emailHint],
  ] as const;
  return (
    <form className="of-reminders-channels" onSubmit={(e) => e.preventDefault()}>
      {options.map(([key, checked, label, hint]) => (
        <CheckOption
          key={key}
          id={`${id}-${key}`}
          label={label}
          hint={hint}
          checked={checked}
          disabled={save.isPending || !settings.active}
          onChange={(on) => choose({ [key]: on })}
        />
      ))}
      <p className="of-reminders-error" role="alert">
        {error}
      </p>
      <p className="of-reminders-done" role="status">
        {done}
      </p>
    </form>
  );
}

/** The calendar feed: its address once made (copy, subscribe), a new one, or none. */
function CalendarFeedPart({ settings }: { settings: Settings }) {
  const { t, i18n } = useTranslation('myLibrary');
  const titleId = useId();
  const addressId = useId();
  const feed = useCalendarFeed();
  const input = useRef<HTMLInputElement>(null);
  // The address of the feed made here: the server gives it once.
  const [address, setAddress] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');

  const act = (action: CalendarFeedAction) => {
    setDone('');
    setError('');
    feed.mutate(action, {
      onSuccess: ({ data, message }) => {
        setAddress(data.feedUrl);
        setDone(message);
      },
      onError: (err) => setError(err instanceof ApiError && err.message ? err.message : t('reminders.feed.failed')),
    });
  };
  const copy = () => {
    if (!address) return;
    const byHand = () => {
      input.current?.select();
      setDone(t('reminders.feed.copyFailed'));
    };
    if (!navigator.clipboard) return byHand();
    navigator.clipboard.writeText(address).then(() => setDone(t('reminders.feed.copied')), byHand);
  };
  const active = settings.feedActive || address !== null;
  const made = settings.feedCreatedAt ? new Date(settings.feedCreatedAt).toLocaleDateString(i18n.language) : '';

  return (
    <div className="of-reminders-feed" role="group" aria-labelledby={titleId}>
      <h4 id={titleId} className="of-reminders-subtitle">
        {t('reminders.feed.title')}
      </h4>
      <p className="of-reminders-hint">{t('reminders.feed.explain')}</p>
      {address ? (
        <div className="of-reminders-address">
          <label htmlFor={addressId}>{t('reminders.feed.newAddress')}</label>
          <div className="of-reminders-address-row">
            <input
              id={addressId}
              ref={input}
              type="text"
              readOnly
              value={address}
              onFocus={(e) => e.target.select()}
              spellCheck={false}
            />
            <Button size="small" onClick={copy}>
              {t('reminders.feed.copy')}
            </Button>
            <a className="of-btn of-btn--small" href={address.replace(/^https?:/, 'webcal:')}>
              {t('reminders.feed.subscribe')}
            </a>
          </div>
        </div>
      ) : (
        <p className="of-reminders-state">
          {active ? t('reminders.feed.active', { date: made }) : t('reminders.feed.none')}
        </p>
      )}
      <div className="of-reminders-actions">
        <Button
          variant={active ? 'default' : 'primary'}
          size="small"
          busy={feed.isPending}
          disabled={feed.isPending}
          onClick={() => act('create')}
        >
          {active ? t('reminders.feed.renew') : t('reminders.feed.create')}
        </Button>
        {active ? (
          <Button size="small" disabled={feed.isPending} onClick={() => act('revoke')}>
            {t('reminders.feed.revoke')}
          </Button>
        ) : null}
      </div>
      <p className="of-reminders-error" role="alert">
        {error}
      </p>
      <p className="of-reminders-done" role="status">
        {done}
      </p>
    </div>
  );
}
