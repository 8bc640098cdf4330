import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/antd';

/**
 * New recovery codes, shown once: to copy, to download as a text file, to print. Each opens the
 * console once when the phone with the authenticator app is lost.
 */
export function RecoveryCodeList({ codes, account }: { codes: string[]; account: string }) {
  const { t } = useTranslation('admin');
  const text = `${t('profile.codesFileTitle', { account })}\n\n${codes.join('\n')}\n`;
  const copy = () =>
    void navigator.clipboard.writeText(codes.join('\n')).then(
      () => notify('success', t('profile.copied')),
      () => notify('error', t('profile.copyFailed')),
    );
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `recovery-codes-${account}.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="of-admin-block">
      <Alert type="info" showIcon title={t('profile.codesOnce')} className="of-admin-block" />
      <ul className="of-admin-codes" aria-label={t('profile.codesLabel')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <Space wrap>
        <Button onClick={copy}>{t('profile.copy')}</Button>
        <Button onClick={download}>{t('profile.download')}</Button>
        <Button onClick={() => window.print()}>{t('profile.print')}</Button>
      </Space>
    </div>
  );
}
