import { Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQrCode } from '../api/get-qr-code';

/** The QR code that opens the record on a phone; fetched when the dialog opens. */
export function QrCodeDialog({ recordId, open, onClose }: { recordId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('record');
  const qr = useQrCode(recordId, open);
  return (
    <Modal open={open} onCancel={onClose} title={t('qr.title')} width={400} footer={null}>
      <div className="of-qr">
        {qr.isPending ? <Spin /> : null}
        {qr.isError ? <p>{t('qr.failed')}</p> : null}
        {qr.data ? (
          <>
            <img src={qr.data.qrCode} width={200} height={200} alt={t('qr.alt')} />
            <p className="of-muted">{t('qr.hint')}</p>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
