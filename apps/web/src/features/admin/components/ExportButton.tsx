import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A queue's CSV export: busy while `onExport` fetches and writes the rows (a second click waits). */
export function ExportButton({ onExport, testId }: { onExport: () => Promise<void>; testId?: string }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void run()} loading={busy} data-testid={testId}>
      {t('queue.export')}
    </Button>
  );
}
