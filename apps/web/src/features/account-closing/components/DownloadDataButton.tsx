import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { loadNamespace } from '../../lang';
import { downloadMyData } from '../api';
import '../account-closing.css';

// Its texts load with the button's chunk.
await loadNamespace('accountClosing');

/**
 * "Download my data": the reader's data as one JSON file (personal information shows it at any
 * time; the closing asks for it first). `onDone` hears of a download made.
 */
export function DownloadDataButton({ onDone, primary = false }: { onDone?: () => void; primary?: boolean }) {
  const { t } = useTranslation('accountClosing');
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const [error, setError] = useState('');
  const run = async () => {
    setState('busy');
    try {
      await downloadMyData();
      setState('done');
      onDone?.();
    } catch (err) {
      setError(err instanceof Error ? err.message : '');
      setState('failed');
    }
  };
  return (
    <div className="of-closing-download">
      <Button variant={primary ? 'primary' : 'default'} busy={state === 'busy'} onClick={() => void run()}>
        {t('download.button')}
      </Button>
      <p className="of-closing-note">{t('download.hint')}</p>
      {state === 'done' ? (
        <p className="of-closing-done" role="status">
          {t('download.done')}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="of-closing-error" role="alert">
          {error || t('download.failed')}
        </p>
      ) : null}
    </div>
  );
}

export default DownloadDataButton;
