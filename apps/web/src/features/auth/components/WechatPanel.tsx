import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../site-config';
import { fetchWechatLoginUrl } from '../wechat';

/**
 * WeChat scan login (spec §2): the login page of the configured auth service, embedded 400 × 410.
 * The service answers `{ code: '1', LoginUrl }`; after the scan WeChat sends the reader back to
 * the app with a `code`, which the entry handler exchanges (/oga/otherLogin).
 */
export function WechatPanel({ onBack }: { onBack?: () => void }) {
  const { t } = useTranslation('auth');
  const { weixinAuthUrl } = useConfig();
  const [state, setState] = useState<{ url: string } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    const controller = new AbortController();
    fetchWechatLoginUrl(weixinAuthUrl, window.location.href, controller.signal)
      .then((url) => setState(url ? { url } : 'failed'))
      .catch(() => {
        if (!controller.signal.aborted) setState('failed');
      });
    return () => controller.abort();
  }, [weixinAuthUrl]);
  return (
    <div className="of-wechat">
      {state === 'loading' ? (
        <Spin tip={t('wechat.loading')}>
          <div className="of-wechat-frame" />
        </Spin>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="of-wechat-failed">
          {t('wechat.failed')}
        </p>
      ) : null}
      {typeof state === 'object' ? (
        <iframe
          className="of-wechat-frame"
          src={state.url}
          title={t('wechat.frame')}
          sandbox="allow-scripts allow-same-origin allow-top-navigation allow-forms"
        />
      ) : null}
      {onBack ? (
        <Button autoInsertSpace={false} type="link" onClick={onBack}>
          {t('wechat.back')}
        </Button>
      ) : null}
    </div>
  );
}
