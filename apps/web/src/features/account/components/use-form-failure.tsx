import { useCallback, useRef, useState } from 'react';
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

/** What a form's call reports its failure to: a form failure, or a step's reporter built on one. */
type Reporter = { clear: () => void; report: (error: unknown) => unknown };

/**
 * Runs a form's call to the server: the old alert cleared, the form busy meanwhile, a failure
 * reported (after `onError`, say drawing a new image code). A submit while one is running is
 * ignored, so a double click sends one request.
 */
export function useSubmit({ clear, report }: Reporter) {
  const [isBusy, setIsBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async (call: () => Promise<void>, onError?: () => void) => {
      if (running.current) return;
      running.current = true;
      clear();
      setIsBusy(true);
      try {
        await call();
      } catch (error) {
        onError?.();
        report(error);
      } finally {
        running.current = false;
        setIsBusy(false);
      }
    },
    [clear, report],
  );
  return { isBusy, run };
}
