import { useCallback, useState } from 'react';
import { Alert } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { toFormFailure } from '../server-errors';
import type { FormFailure } from '../server-errors';

/**
 * Shows failed account calls in the form rather than as a passing toast: on the field they concern
 * (which gets focus, its error read out with it), or in an alert above the buttons. Returns the
 * failure, for flows that react to one.
 */
export function useFormFailure(form: FormInstance, fields: readonly string[]) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const report = useCallback(
    (error: unknown): FormFailure => {
      const failure = toFormFailure(error, fields);
      const kind = failure.kind === 'unknown' ? 'business' : failure.kind;
      const text = failure.message || t(`errors.${kind}`, { status: '' });
      if (failure.field) {
        setMessage('');
        form.setFields([{ name: failure.field, errors: [text] }]);
        form.focusField(failure.field);
      } else {
        setMessage(text);
      }
      return failure;
    },
    [fields, form, t],
  );
  const clear = useCallback(() => setMessage(''), []);
  const alert = message ? <Alert className="of-account-alert" type="error" showIcon title={message} /> : null;
  return { report, clear, alert, setMessage };
}
