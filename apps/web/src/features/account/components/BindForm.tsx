import { useState } from 'react';
import type { ReactNode } from 'react';
import { Form } from 'antd';
import type { FormInstance } from 'antd';
import type { CaptchaImage } from '@openfind/contract';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isBindRequired, readNextPath, useSession } from '../../auth';
import { useCaptcha } from '../../captcha';
import { readTicket } from '../bind-ticket';
import type { TicketName } from '../bind-ticket';
import { AccountForm } from './AccountForm';
import { AccountFrame } from './AccountFrame';
import { AccountResult } from './AccountResult';
import { CaptchaField, drawAgain } from './CaptchaField';
import { useFormFailure, useSubmit } from './use-form-failure';

type Props<V> = {
  title: string;
  lead: string;
  ticketName: TicketName;
  /** The query parameter that may carry the ticket instead (default: ticketName). */
  ticketQuery?: string;
  submitLabel: string;
  /** The screen's own fields (the image code comes after them). */
  fields: ReactNode;
  /** Binds; a rejection is shown in the form and a new image code is drawn. */
  onBind: (values: V, ticket: string, captcha: CaptchaImage) => Promise<void>;
  /** What the screen shows once bound (else it has navigated away). */
  done?: ReactNode;
};

/**
 * The frame of the binding screens outside the shell (spec §2 /bindAccount, /bindUid, /relevanceUid):
 * a reader already logged in goes on to the saved path; a missing ticket is explained; the form
 * carries the screen's fields, the image code and the Bind button.
 */
export function BindForm<V extends { verifyCode: string }>(props: Props<V>) {
  const { title, lead, ticketName, ticketQuery, submitLabel, fields, onBind, done } = props;
  const { t } = useTranslation('account');
  const location = useLocation();
  const session = useSession();
  const [ticket] = useState(() => readTicket(location.state, location.search, ticketName, ticketQuery));
  // Untyped on purpose: the fields differ by screen; the values come typed through onFinish.
  const [form] = Form.useForm();
  const failure = useFormFailure(form, ['verifyCode']);
  const { captcha, isLoading, isError, refresh } = useCaptcha({ enabled: Boolean(ticket) });
  const { isBusy, run } = useSubmit(failure);

  // Spec §2: a reader already logged in goes on (not while this screen is logging them in).
  if (session.isLoggedIn && !isBindRequired() && !done && !isBusy) return <Navigate to={readNextPath()} replace />;
  if (done) return done;
  if (!ticket) {
    return (
      <AccountFrame title={title} bare>
        <AccountResult
          status="warning"
          title={t('bind.noTicket')}
          text={t('bind.noTicketText')}
          action={
            <Link className="of-btn of-btn--primary" to="/login">
              {t('actions.login')}
            </Link>
          }
        />
      </AccountFrame>
    );
  }
  const onFinish = async (values: V) => {
    if (!captcha) return;
    // Spec §4: on failure a fresh verification image is fetched.
    await run(
      () => onBind(values, ticket, captcha),
      () => drawAgain(form, refresh),
    );
  };
  return (
    <AccountFrame title={title} lead={lead} bare>
      <AccountForm<V>
        form={form as FormInstance<V>}
        onFinish={(v) => void onFinish(v)}
        submitLabel={submitLabel}
        isBusy={isBusy}
        alert={failure.alert}
      >
        {fields}
        <CaptchaField captcha={captcha} isLoading={isLoading} isError={isError} onRefresh={refresh} />
      </AccountForm>
    </AccountFrame>
  );
}
