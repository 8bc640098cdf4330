import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DONATION_DELIVERIES, DONATION_MAX_LENGTH, MAX_DONATION_COPIES, type Donation } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { useSession } from '../../auth';
import { useOfferDonation } from '../api';
import {
  canAddBook,
  draftOfForm,
  emptyBook,
  emptyOfferForm,
  newSubmitKey,
  offerErrors,
  type BookRow,
  type OfferForm,
} from '../offer-form';

/** A value from the reader's profile, unless it is shown masked (138****8000). */
const unmasked = (v: string | undefined) => (v && !v.includes('*') ? v : '');

/** /donate: the offer form for a logged-in reader; a visitor is asked to log in first. */
export function DonatePage() {
  const { t } = useTranslation('donations');
  const session = useSession();
  const location = useLocation();
  const [done, setDone] = useState<Donation | null>(null);
  const [round, setRound] = useState(0);
  return (
    <div className="of-page of-don-page">
      <h1 className="of-don-title">{t('titles.donate')}</h1>
      <p className="of-don-intro">{t('donate.intro')}</p>
      {!session.isLoggedIn ? (
        <div className="of-don-login" role="note">
          <p>{t('donate.loginFirst')}</p>
          <Link
            className="of-btn of-btn--primary"
            to="/login"
            state={{ next: `${location.pathname}${location.search}` }}
            data-testid="donate-login"
          >
            {t('donate.login')}
          </Link>
        </div>
      ) : done ? (
        <Thanks
          donation={done}
          onMore={() => {
            setDone(null);
            setRound((r) => r + 1);
          }}
        />
      ) : (
        <OfferFormView
          // Filled in from the reader's details: made again when they arrive after the page.
          key={`${round}-${session.userInfo ? 'reader' : 'none'}`}
          initial={emptyOfferForm({
            name: session.userInfo?.name,
            phone: unmasked(session.userInfo?.mobile),
            email: unmasked(session.userInfo?.email),
          })}
          onDone={setDone}
        />
      )}
    </div>
  );
}

function Thanks({ donation, onMore }: { donation: Donation; onMore: () => void }) {
  const { t } = useTranslation('donations');
  return (
    <div className="of-don-thanks" role="status" data-testid="donate-thanks">
      <h2>{t('donate.thanksTitle')}</h2>
      <p>{t('donate.thanks', { count: donation.items.length, copies: donation.copies })}</p>
      <ul>
        {donation.items.map((i, n) => (
          <li key={n}>
            《{i.title}》 × {i.copies}
          </li>
        ))}
      </ul>
      <p className="of-don-actions">
        <Link className="of-btn of-btn--primary" to="/personalCenter?key=11">
          {t('donate.seeMine')}
        </Link>
        <Button onClick={onMore}>{t('donate.more')}</Button>
      </p>
    </div>
  );
}

function OfferFormView({ initial, onDone }: { initial: OfferForm; onDone: (d: Donation) => void }) {
  const { t } = useTranslation('donations');
  const offer = useOfferDonation();
  const [form, setForm] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  // One token per filled-in form: sending it twice (a double click, a retry) makes one donation.
  const submitKey = useRef(newSubmitKey());
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  const errors = showErrors ? offerErrors(form) : {};
  const errorCount = Object.keys(errors).length;

  const set = <K extends keyof OfferForm>(name: K, value: OfferForm[K]) => setForm((f) => ({ ...f, [name]: value }));
  const setBook = (key: number, patch: Partial<BookRow>) =>
    setForm((f) => ({ ...f, books: f.books.map((b) => (b.key === key ? { ...b, ...patch } : b)) }));
  const addBook = () => {
    const book = emptyBook();
    setForm((f) => ({ ...f, books: [...f.books, book] }));
    requestAnimationFrame(() => document.getElementById(idOf(`book-${book.key}-title`))?.focus());
  };
  const removeBook = (key: number, index: number) => {
    setForm((f) => ({ ...f, books: f.books.filter((b) => b.key !== key) }));
    const prev = form.books[index - 1] ?? form.books[index + 1];
    requestAnimationFrame(() => document.getElementById(idOf(`book-${prev?.key}-title`))?.focus());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = offerErrors(form);
    const first = Object.keys(problems)[0];
    if (first) {
      setShowErrors(true);
      document.getElementById(idOf(first))?.focus();
      return;
    }
    if (offer.isPending) return;
    offer.mutate(draftOfForm(form, submitKey.current), {
      onSuccess: ({ data, message }) => {
        notify('success', message);
        onDone(data);
      },
    });
  };

  /** A labelled text field with its error below. */
  const field = (
    name: string,
    label: string,
    input: (common: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode,
    opts: { required?: boolean; hint?: string } = {},
  ) => {
    const error = errors[name];
    const described = [opts.hint ? idOf(`${name}-hint`) : '', error ? idOf(`${name}-error`) : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="of-don-field">
        <label htmlFor={idOf(name)}>
          {label}
          {opts.required ? (
            <span className="of-don-required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </label>
        {input({
          id: idOf(name),
          ...(error ? { 'aria-invalid': true as const } : {}),
          ...(described ? { 'aria-describedby': described } : {}),
        })}
        {opts.hint ? (
          <p id={idOf(`${name}-hint`)} className="of-don-hint">
            {opts.hint}
          </p>
        ) : null}
        {error ? (
          <p id={idOf(`${name}-error`)} className="of-don-error">
            {t(`donate.errors.${error}`, { max: MAX_DONATION_COPIES })}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="of-don-form" noValidate onSubmit={onSubmit} aria-label={t('donate.formLabel')}>
      <p className="of-don-hint">
        <span className="of-don-required" aria-hidden="true">
          *
        </span>{' '}
        {t('donate.requiredNote')}
      </p>
      {errorCount ? (
        <p className="of-don-summary" role="alert">
          {t('donate.fixErrors', { count: errorCount })}
        </p>
      ) : null}

      <fieldset className="of-don-fieldset">
        <legend>{t('donate.books')}</legend>
        <ol className="of-don-books">
          {form.books.map((b, index) => (
            <li key={b.key} className="of-don-book" aria-label={t('donate.bookN', { n: index + 1 })}>
              <p className="of-don-book-head">{t('donate.bookN', { n: index + 1 })}</p>
              <div className="of-don-book-fields">
                {field(
                  `book-${b.key}-title`,
                  t('donate.fields.title'),
                  (c) => (
                    <input
                      {...c}
                      className="of-don-input"
                      value={b.title}
                      maxLength={DONATION_MAX_LENGTH.title}
                      onChange={(e) => setBook(b.key, { title: e.target.value })}
                    />
                  ),
                  { required: true },
                )}
                {field(`book-${b.key}-isbn`, t('donate.fields.isbn'), (c) => (
                  <input
                    {...c}
                    className="of-don-input"
                    inputMode="numeric"
                    value={b.isbn}
                    maxLength={DONATION_MAX_LENGTH.isbn}
                    onChange={(e) => setBook(b.key, { isbn: e.target.value })}
                  />
                ))}
                {field(`book-${b.key}-author`, t('donate.fields.author'), (c) => (
                  <input
                    {...c}
                    className="of-don-input"
                    value={b.author}
                    maxLength={DONATION_MAX_LENGTH.author}
                    onChange={(e) => setBook(b.key, { author: e.target.value })}
                  />
                ))}
                {field(
                  `book-${b.key}-copies`,
                  t('donate.fields.copies'),
                  (c) => (
                    <input
                      {...c}
                      className="of-don-input of-don-copies"
                      type="number"
                      min={1}
                      max={MAX_DONATION_COPIES}
                      value={b.copies}
                      onChange={(e) => setBook(b.key, { copies: e.target.value })}
                    />
                  ),
                  { required: true },
                )}
              </div>
              {form.books.length > 1 ? (
                <Button size="small" onClick={() => removeBook(b.key, index)}>
                  {t('donate.removeBook')}
                  <span className="of-visually-hidden">{` ${t('donate.bookN', { n: index + 1 })}`}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
        <Button onClick={addBook} disabled={!canAddBook(form)} data-testid="donate-add-book">
          {t('donate.addBook')}
        </Button>
      </fieldset>

      <fieldset className="of-don-fieldset">
        <legend>{t('donate.aboutYou')}</legend>
        <label className="of-don-check">
          <input type="checkbox" checked={form.anonymous} onChange={(e) => set('anonymous', e.target.checked)} />
          {t('donate.anonymous')}
        </label>
        {form.anonymous
          ? null
          : field(
              'donorName',
              t('donate.fields.donorName'),
              (c) => (
                <input
                  {...c}
                  className="of-don-input"
                  autoComplete="name"
                  value={form.donorName}
                  maxLength={DONATION_MAX_LENGTH.donorName}
                  onChange={(e) => set('donorName', e.target.value)}
                />
              ),
              { required: true, hint: t('donate.donorNameHint') },
            )}
        {field(
          'contactPhone',
          t('donate.fields.contactPhone'),
          (c) => (
            <input
              {...c}
              className="of-don-input"
              type="tel"
              autoComplete="tel"
              value={form.contactPhone}
              maxLength={DONATION_MAX_LENGTH.contactPhone}
              onChange={(e) => set('contactPhone', e.target.value)}
            />
          ),
          { hint: t('donate.contactHint') },
        )}
        {field('contactEmail', t('donate.fields.contactEmail'), (c) => (
          <input
            {...c}
            className="of-don-input"
            type="email"
            autoComplete="email"
            value={form.contactEmail}
            maxLength={DONATION_MAX_LENGTH.contactEmail}
            onChange={(e) => set('contactEmail', e.target.value)}
          />
        ))}
      </fieldset>

      <fieldset className="of-don-fieldset">
        <legend>{t('donate.fields.delivery')}</legend>
        {DONATION_DELIVERIES.map((d) => (
          <label key={d} className="of-don-check">
            <input
              type="radio"
              name={idOf('delivery')}
              value={d}
              checked={form.delivery === d}
              onChange={() => set('delivery', d)}
            />
            {t(`delivery.${d}`)}
          </label>
        ))}
      </fieldset>

      {field('note', t('donate.fields.note'), (c) => (
        <textarea
          {...c}
          className="of-don-input"
          rows={3}
          value={form.note}
          maxLength={DONATION_MAX_LENGTH.note}
          onChange={(e) => set('note', e.target.value)}
        />
      ))}

      <p className="of-don-actions">
        <Button type="submit" variant="primary" busy={offer.isPending} data-testid="donate-submit">
          {t('donate.submit')}
        </Button>
      </p>
    </form>
  );
}
