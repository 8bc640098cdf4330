import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ID_TYPES, idNumberProblem, MAX_ID_NUMBER_LENGTH } from '@openfind/contract';
import type { IdType } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { ApiError } from '../../../lib/http';
import { useUpdatePersonalInfo } from '../api/personal-info';

type Props = {
  /** The type stored (the form starts with it). */
  idType: IdType;
  /** Closes the form; the server's message when it saved. */
  onClose: (saved?: string) => void;
};

/**
 * Changes the certificate type and number: checked here as the server checks it (spec §5 "ID number
 * format incorrect": a resident number by its check digit and date of birth), the error read out
 * with the field; then saved ('保存成功！').
 */
export function IdNumberForm({ idType, onClose }: Props) {
  const { t } = useTranslation('myLibrary');
  const typeId = useId();
  const numberId = useId();
  const hintId = useId();
  const errorId = useId();
  const [type, setType] = useState<IdType>(idType);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const save = useUpdatePersonalInfo();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = idNumberProblem(type, value);
    if (problem) {
      setError(t(`personalInfo.idErrors.${problem}`));
      document.getElementById(numberId)?.focus();
      return;
    }
    setError('');
    save.mutate(
      { idType: type, idNumber: value },
      {
        onSuccess: ({ message }) => onClose(message),
        onError: (err) => {
          setError(err instanceof ApiError && err.message ? err.message : t('personalInfo.saveFailed'));
          document.getElementById(numberId)?.focus();
        },
      },
    );
  };

  return (
    <form className="of-info-form" onSubmit={submit} noValidate>
      <div className="of-info-field">
        <label htmlFor={typeId}>{t('personalInfo.fields.idType')}</label>
        <select
          id={typeId}
          className="of-info-input"
          value={type}
          onChange={(e) => {
            setType(e.target.value as IdType);
            setError('');
          }}
        >
          {ID_TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`personalInfo.idTypes.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="of-info-field">
        <label htmlFor={numberId}>{t('personalInfo.fields.idNumber')}</label>
        <input
          id={numberId}
          className="of-info-input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={MAX_ID_NUMBER_LENGTH + 10}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(e) => setValue(e.target.value)}
        />
        <p id={hintId} className="of-info-hint">
          {t('personalInfo.idNumberHint')}
        </p>
        <p id={errorId} className="of-info-error" role="alert">
          {error}
        </p>
      </div>
      <div className="of-info-actions">
        <Button type="submit" variant="primary" busy={save.isPending} disabled={save.isPending}>
          {t('personalInfo.save')}
        </Button>
        <Button onClick={() => onClose()} disabled={save.isPending}>
          {t('personalInfo.cancel')}
        </Button>
      </div>
    </form>
  );
}
