import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_LIST_MAX_LENGTH, bookListTitleProblem } from '@openfind/contract';
import { Button } from '../../../components/Button';

export type ListFormValues = { title: string; description: string; isPublic: boolean };

type Props = {
  initial?: ListFormValues;
  busy: boolean;
  /** The server's refusal of the last save, shown under the form. */
  error: string;
  submitLabel: string;
  onSubmit: (values: ListFormValues) => void;
  onCancel?: () => void;
};

/** A list's title (1–50), description (≤ 500) and public flag: checked here as the server checks them. */
export function ListForm({ initial, busy, error, submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('bookLists');
  const id = useId();
  const [values, setValues] = useState<ListFormValues>(initial ?? { title: '', description: '', isPublic: false });
  const [touched, setTouched] = useState(false);
  const problem = bookListTitleProblem(values.title);
  const titleError = touched && problem ? t(`form.title_${problem}`, { max: BOOK_LIST_MAX_LENGTH.title }) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    onSubmit({ ...values, title: values.title.trim(), description: values.description.trim() });
  };
  return (
    <form className="of-bl-form" onSubmit={submit} noValidate>
      <p className="of-bl-field">
        <label htmlFor={`${id}-title`}>{t('form.title')}</label>
        <input
          id={`${id}-title`}
          name="title"
          value={values.title}
          maxLength={BOOK_LIST_MAX_LENGTH.title}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${id}-title-error` : undefined}
          required
          onChange={(e) => setValues({ ...values, title: e.target.value })}
        />
        {titleError ? (
          <span id={`${id}-title-error`} className="of-bl-error" role="alert">
            {titleError}
          </span>
        ) : null}
      </p>
      <p className="of-bl-field">
        <label htmlFor={`${id}-description`}>{t('form.description')}</label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={3}
          value={values.description}
          maxLength={BOOK_LIST_MAX_LENGTH.description}
          aria-describedby={`${id}-description-hint`}
          onChange={(e) => setValues({ ...values, description: e.target.value })}
        />
        <span id={`${id}-description-hint`} className="of-bl-quiet">
          {t('form.descriptionHint', { max: BOOK_LIST_MAX_LENGTH.description })}
        </span>
      </p>
      <p className="of-bl-check">
        <input
          id={`${id}-public`}
          type="checkbox"
          name="isPublic"
          checked={values.isPublic}
          aria-describedby={`${id}-public-hint`}
          onChange={(e) => setValues({ ...values, isPublic: e.target.checked })}
        />
        <label htmlFor={`${id}-public`}>{t('form.isPublic')}</label>
        <span id={`${id}-public-hint`} className="of-bl-quiet">
          {t('form.isPublicHint')}
        </span>
      </p>
      {error ? (
        <p className="of-bl-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="of-bl-actions">
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('form.cancel')}</Button> : null}
      </p>
    </form>
  );
}
