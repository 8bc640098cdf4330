import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRIAL_FEEDBACK_MAX, codePointLength } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { openLogin, useSession } from '../../auth';
import { useMyFeedback, useSendFeedback } from '../api';

/** The trial feedback of a database on trial: the reader's form (≤ 1000 characters) and their earlier feedback with replies. */
export function TrialFeedbackForm({ id }: { id: number }) {
  const { t } = useTranslation('databases');
  const session = useSession();
  const mine = useMyFeedback(id, session.isLoggedIn);
  const send = useSendFeedback(id);
  const [text, setText] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const field = useId();
  const length = codePointLength(text.trim());
  const tooLong = length > TRIAL_FEEDBACK_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || tooLong) return;
    send.mutate(
      { content: text, rating },
      {
        onSuccess: (r) => {
          notify('success', r.message);
          setText('');
          setRating(null);
        },
      },
    );
  };
  return (
    <section className="of-db-feedback" aria-labelledby="of-db-fb">
      <h2 id="of-db-fb">{t('feedback.title')}</h2>
      {!session.isLoggedIn ? (
        <p>
          {t('feedback.loginFirst')}{' '}
          <button type="button" className="of-btn" onClick={() => openLogin()}>
            {t('feedback.login')}
          </button>
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset className="of-db-rating">
            <legend>{t('feedback.rating')}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n}>
                <input type="radio" name={`${field}-rating`} checked={rating === n} onChange={() => setRating(n)} />
                {t('feedback.stars', { count: n })}
              </label>
            ))}
          </fieldset>
          <label htmlFor={field}>{t('feedback.label')}</label>
          <textarea
            id={field}
            rows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={tooLong}
            aria-describedby={`${field}-count`}
            data-testid="db-feedback-text"
          />
          <p id={`${field}-count`} className={tooLong ? 'of-db-error' : 'of-db-quiet'}>
            {t('feedback.count', { length, max: TRIAL_FEEDBACK_MAX })}
            {mine.data ? ` · ${t('feedback.remaining', { count: mine.data.remainingToday })}` : ''}
          </p>
          <button
            type="submit"
            className="of-btn of-btn--primary"
            disabled={!text.trim() || tooLong || send.isPending || mine.data?.remainingToday === 0}
          >
            {t('feedback.submit')}
          </button>
        </form>
      )}
      {mine.data && mine.data.list.length > 0 ? (
        <>
          <h3>{t('feedback.mine')}</h3>
          <ul className="of-db-mine">
            {mine.data.list.map((f) => (
              <li key={f.feedbackId}>
                <p className="of-db-text">{f.content}</p>
                <p className="of-db-quiet">
                  {f.createdAt.slice(0, 10)} · {t(`feedback.status.${f.status}`)}
                </p>
                {f.reply ? <p className="of-db-reply">{t('feedback.reply', { reply: f.reply })}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
