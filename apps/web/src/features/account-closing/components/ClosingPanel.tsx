import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AccountClosingErrCode } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { ApiError } from '../../../lib/http';
import { endLocalSession } from '../../auth';
import { loadNamespace } from '../../lang';
import { useCloseAccount, useClosingCheck } from '../api';
import { DownloadDataButton } from './DownloadDataButton';
import '../account-closing.css';

// Its texts load with the panel (My Library's own chunk stays as it was).
await loadNamespace('accountClosing');

/**
 * My Library key 14, self-service account closing: what keeps the account open (nothing can be done
 * until it is settled), then the data download, the warning, the password and the confirmation.
 * Once closed, the session here ends and the reader goes home with the server's message.
 */
export function ClosingPanel() {
  const { t } = useTranslation('accountClosing');
  const check = useClosingCheck();
  if (!check.data) {
    if (check.isPending) return <p aria-busy="true" className="of-closing-note" />;
    return (
      <p className="of-closing-error" role="alert">
        {t('check.failed')}{' '}
        <Button size="small" onClick={() => void check.refetch()}>
          {t('check.retry')}
        </Button>
      </p>
    );
  }
  const { closable, reasons } = check.data;
  return (
    <div className="of-closing" data-testid="account-closing">
      <p className="of-closing-intro">{t('intro')}</p>
      {closable ? (
        <CloseForm account={check.data.account} onRefused={() => void check.refetch()} />
      ) : (
        <section className="of-closing-blocked" aria-labelledby="of-closing-blocked">
          <h3 id="of-closing-blocked">{t('check.blockedTitle')}</h3>
          <ul className="of-closing-reasons" data-testid="closing-reasons">
            {reasons.map((r) => (
              <li key={r.kind}>{r.text}</li>
            ))}
          </ul>
          <p className="of-closing-note">{t('check.blockedHint')}</p>
          <Button size="small" busy={check.isFetching} onClick={() => void check.refetch()}>
            {t('check.again')}
          </Button>
          <DownloadDataButton />
        </section>
      )}
    </div>
  );
}

function CloseForm({ account, onRefused }: { account: string; onRefused: () => void }) {
  const { t } = useTranslation('accountClosing');
  const id = useId();
  const navigate = useNavigate();
  const close = useCloseAccount();
  const [downloaded, setDownloaded] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(t('form.passwordRequired'));
    if (!confirmed) return setError(t('form.confirmRequired'));
    setError('');
    close.mutate(
      { password, confirmed },
      {
        onSuccess: ({ message }) => {
          endLocalSession();
          void navigate('/Home', { replace: true });
          notify('success', message || t('form.closed'));
        },
        onError: (err) => {
          setError(err instanceof ApiError && err.message ? err.message : t('form.failed'));
          if (err instanceof ApiError && err.errCode === AccountClosingErrCode.blocked) onRefused();
        },
      },
    );
  };
  return (
    <>
      <section className="of-closing-step" aria-labelledby={`${id}-download`}>
        <h3 id={`${id}-download`}>{t('steps.download')}</h3>
        <DownloadDataButton primary onDone={() => setDownloaded(true)} />
      </section>
      <section className="of-closing-step" aria-labelledby={`${id}-close`}>
        <h3 id={`${id}-close`}>{t('steps.close')}</h3>
        <div className="of-closing-warning" role="note">
          <p>{t('warning.lead', { account })}</p>
          <ul>
            <li>{t('warning.deleted')}</li>
            <li>{t('warning.kept')}</li>
            <li>{t('warning.final')}</li>
          </ul>
        </div>
        <form className="of-closing-form" onSubmit={submit} noValidate>
          <label htmlFor={`${id}-password`}>{t('form.password')}</label>
          <input
            id={`${id}-password`}
            className="of-closing-input"
            type="password"
            autoComplete="current-password"
            value={password}
            maxLength={512}
            onChange={(e) => setPassword(e.target.value)}
          />
          <label className="of-closing-check">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
            <span>{downloaded ? t('form.confirmDownloaded') : t('form.confirm')}</span>
          </label>
          {error ? (
            <p className="of-closing-error" role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="primary" className="of-closing-submit" busy={close.isPending}>
            {t('form.submit')}
          </Button>
        </form>
      </section>
    </>
  );
}

export default ClosingPanel;
