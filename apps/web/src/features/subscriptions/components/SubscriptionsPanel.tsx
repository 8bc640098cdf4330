import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subscription, SubscriptionFrequency } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { NativeSelect } from '../../../components/NativeSelect';
import { notify } from '../../../lib/antd';
import { loadNamespace } from '../../lang';
import { useDeleteSubscription, useSubscribe, useSubscriptions, useUpdateSubscription } from '../api';
import { ChannelFields, FrequencyField } from './fields';
import '../subscriptions.css';

// Its texts load with the panel (My Library's own chunk stays as it was).
await loadNamespace('subscriptions');

/** The local date and time of an ISO instant, YYYY-MM-DD HH:MM. */
function when(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * My Library key 3 (subscriptions): the reader's subscriptions — what each follows, how often and
 * how it is sent, the last digest, its feed — with frequency and channels edited in place, paused,
 * deleted; and a class number or a journal subscribed to from here.
 */
export function SubscriptionsPanel() {
  const { t } = useTranslation('subscriptions');
  const mine = useSubscriptions();
  if (!mine.data) {
    if (mine.isPending) return <p aria-busy="true" className="of-sub-quiet" />;
    return (
      <p className="of-sub-quiet" role="alert">
        {t('panel.loadFailed')}{' '}
        <Button size="small" onClick={() => void mine.refetch()}>
          {t('panel.retry')}
        </Button>
      </p>
    );
  }
  const { list, max, emailVerified } = mine.data;
  return (
    <div className="of-sub-panel" data-testid="my-subscriptions">
      <p className="of-sub-quiet">{list.length ? t('panel.count', { count: list.length, max }) : t('panel.empty')}</p>
      {list.length ? (
        <ul className="of-sub-list" aria-label={t('panel.listLabel')}>
          {list.map((s) => (
            <SubscriptionItem key={s.subscriptionId} s={s} emailVerified={emailVerified} />
          ))}
        </ul>
      ) : null}
      {list.length < max ? <AddForm /> : <p className="of-sub-quiet">{t('panel.full', { max })}</p>}
    </div>
  );
}

function SubscriptionItem({ s, emailVerified }: { s: Subscription; emailVerified: boolean }) {
  const { t } = useTranslation('subscriptions');
  const update = useUpdateSubscription();
  const remove = useDeleteSubscription();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [frequency, setFrequency] = useState<SubscriptionFrequency>(s.frequency);
  const [channels, setChannels] = useState({ byInbox: s.byInbox, byEmail: s.byEmail });
  const headId = useId();
  const save = (patch: { frequency?: SubscriptionFrequency; byInbox?: boolean; byEmail?: boolean; paused?: boolean }) =>
    update.mutate(
      { subscriptionId: s.subscriptionId, version: s.version, ...patch },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          setEditing(false);
        },
      },
    );
  return (
    <li className="of-sub-item" aria-labelledby={headId} data-testid={`subscription-${s.subscriptionId}`}>
      <h3 id={headId} className="of-sub-title">
        {s.title}
        {s.paused ? <span className="of-sub-badge">{t('panel.paused')}</span> : null}
      </h3>
      <p className="of-sub-meta">
        {t(`kind.${s.kind}`)}: {s.query}
        {' · '}
        {t(`frequency.${s.frequency}`)}
        {' · '}
        {[s.byInbox && t('channel.inbox'), s.byEmail && t('channel.email')].filter(Boolean).join(t('panel.and'))}
      </p>
      <p className="of-sub-meta">
        {s.lastSentAt ? t('panel.lastSent', { when: when(s.lastSentAt), count: s.lastCount }) : t('panel.neverSent')}
        {' · '}
        <a href={s.feedUrl} type="application/atom+xml">
          {t('panel.feed')}
        </a>
      </p>
      {editing ? (
        <form
          className="of-sub-form"
          aria-label={t('panel.editLabel', { title: s.title })}
          onSubmit={(e) => {
            e.preventDefault();
            save({ frequency, ...channels });
          }}
        >
          <FrequencyField value={frequency} onChange={setFrequency} />
          <ChannelFields {...channels} emailVerified={emailVerified || s.byEmail} onChange={setChannels} />
          <p className="of-sub-actions">
            <Button type="submit" size="small" variant="primary" busy={update.isPending}>
              {t('panel.save')}
            </Button>
            <Button size="small" onClick={() => setEditing(false)}>
              {t('panel.cancel')}
            </Button>
          </p>
        </form>
      ) : confirming ? (
        <div className="of-sub-actions" role="group" aria-label={t('panel.confirmDelete', { title: s.title })}>
          <p className="of-sub-quiet">{t('panel.confirmDelete', { title: s.title })}</p>
          <Button
            size="small"
            variant="primary"
            autoFocus
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(s.subscriptionId, {
                onSuccess: ({ message }) => notify('success', message),
                onSettled: () => setConfirming(false),
              })
            }
          >
            {t('panel.deleteYes')}
          </Button>
          <Button size="small" onClick={() => setConfirming(false)}>
            {t('panel.keep')}
          </Button>
        </div>
      ) : (
        <p className="of-sub-actions">
          <Button size="small" onClick={() => setEditing(true)}>
            {t('panel.edit')}
          </Button>
          <Button size="small" busy={update.isPending} onClick={() => save({ paused: !s.paused })}>
            {s.paused ? t('panel.resume') : t('panel.pause')}
          </Button>
          <Button size="small" onClick={() => setConfirming(true)}>
            {t('panel.delete')}
          </Button>
        </p>
      )}
    </li>
  );
}

/** Subscribe to a class number or a journal (ISSN or title) from My Library. */
function AddForm() {
  const { t } = useTranslation('subscriptions');
  const subscribe = useSubscribe();
  const [kind, setKind] = useState<'class' | 'journal'>('journal');
  const [value, setValue] = useState('');
  const valueId = useId();
  return (
    <form
      className="of-sub-add"
      aria-label={t('add.label')}
      onSubmit={(e) => {
        e.preventDefault();
        const v = value.trim();
        if (!v) return;
        subscribe.mutate(
          kind === 'class'
            ? { kind, classNo: v, frequency: 'weekly', byInbox: true }
            : { kind, journal: v, frequency: 'weekly', byInbox: true },
          {
            onSuccess: ({ message }) => {
              notify('success', message);
              setValue('');
            },
          },
        );
      }}
    >
      <h3 className="of-sub-title">{t('add.label')}</h3>
      <NativeSelect<'class' | 'journal'>
        showLabel
        label={t('add.kind')}
        value={kind}
        onChange={setKind}
        options={[
          ['journal', t('kind.journal')],
          ['class', t('kind.class')],
        ]}
      />
      <label htmlFor={valueId}>{kind === 'class' ? t('add.classNo') : t('add.journal')}</label>
      <input
        id={valueId}
        className="of-sub-input"
        value={value}
        maxLength={kind === 'class' ? 40 : 200}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" size="small" variant="primary" busy={subscribe.isPending} disabled={!value.trim()}>
        {t('add.submit')}
      </Button>
    </form>
  );
}

export default SubscriptionsPanel;
