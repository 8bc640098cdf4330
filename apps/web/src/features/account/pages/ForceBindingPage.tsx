import { useState } from 'react';
import { Button, Segmented } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readNextPath } from '../../auth';
import { AccountFrame } from '../components/AccountFrame';
import { AccountResult } from '../components/AccountResult';
import { ContactBindingForm } from '../components/ContactBindingForm';
import type { ContactKind } from '../password-rules';
import { useReader } from '../use-reader';
import '../account.css';

/** Where to go once bound: the `next` of the navigation state, else where the login would have gone. */
function nextPathOf(state: unknown): string {
  const next = state && typeof state === 'object' ? (state as { next?: unknown }).next : undefined;
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : readNextPath();
}

/**
 * /forceBinding: bind a verified e-mail or phone (spec §4: required after login when the institution
 * sets bindMailOrPhone and the reader has neither). The form (ContactBindingForm, also My Library's
 * way to change a contact) sends a code to the new address first; a reader who has a verified phone
 * replaces it with resetPhone; the current password is asked for, except after single sign-on.
 */
export default function ForceBindingPage() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn, isFailed } = useReader();
  const [kind, setKind] = useState<ContactKind>('mail');
  const [boundTo, setBoundTo] = useState('');
  const next = nextPathOf(location.state);
  const title = t('titles.forceBinding');

  if (!isLoggedIn || isFailed) {
    return (
      <AccountFrame title={title}>
        <AccountResult
          status="info"
          title={t('binding.loginFirst')}
          action={
            <Link className="of-btn of-btn--primary" to="/login" state={{ next: '/forceBinding' }}>
              {t('actions.login')}
            </Link>
          }
        />
      </AccountFrame>
    );
  }
  if (boundTo) {
    return (
      <AccountFrame title={title}>
        <AccountResult
          status="success"
          title={t('binding.done')}
          text={t(kind === 'mail' ? 'binding.doneMail' : 'binding.donePhone', { target: boundTo })}
          action={
            <Button autoInsertSpace={false} type="primary" onClick={() => void navigate(next, { replace: true })}>
              {t('actions.continue')}
            </Button>
          }
        />
      </AccountFrame>
    );
  }
  return (
    <AccountFrame title={title} lead={t('binding.lead')}>
      <Segmented<ContactKind>
        className="of-account-kind"
        block
        value={kind}
        aria-label={t('binding.kind')}
        options={[
          { value: 'mail', label: t('fields.email') },
          { value: 'phone', label: t('fields.phone') },
        ]}
        onChange={setKind}
      />
      {/* A new form for the other kind: its fields, code and failure start afresh. */}
      <ContactBindingForm key={kind} kind={kind} onBound={setBoundTo} />
    </AccountFrame>
  );
}
