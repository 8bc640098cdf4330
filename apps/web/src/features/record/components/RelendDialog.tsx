import { Alert, Button, Form, Input, Modal, Spin, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAskBook, useRelendCheck } from '../api/relend';

type Values = { note?: string };

/**
 * Ask to re-lend (转借): when every copy is on loan, the readers who have one (and take part in
 * transfer lending) are asked to pass it on; neither side learns who the other is. The dialog asks
 * the server first whether the reader may ask, and says why not; a note says where or when to meet.
 */
export function RelendDialog({
  recordId,
  title,
  open,
  onClose,
}: {
  recordId: number;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('record');
  const [form] = Form.useForm<Values>();
  const check = useRelendCheck(recordId, open);
  const ask = useAskBook();
  const allowed = check.data?.allowed === true;
  const onFinish = (values: Values) =>
    ask.mutate(
      { recordId, note: values.note?.trim() ?? '' },
      {
        onSuccess: ({ message: text }) => {
          void message.success(text, 6);
          form.resetFields();
          onClose();
        },
      },
    );
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('relend.title')}
      width={480}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('actions.cancel')}
        </Button>,
        <Button key="ok" type="primary" disabled={!allowed} loading={ask.isPending} onClick={() => form.submit()}>
          {t('relend.confirm')}
        </Button>,
      ]}
    >
      <p className="of-request-title">《{title}》</p>
      <p className="of-muted">{t('relend.explain', { days: check.data?.askDays ?? 7 })}</p>
      {check.isPending ? (
        <Spin size="small" aria-label={t('relend.checking')} />
      ) : check.data && !check.data.allowed ? (
        <Alert type="warning" showIcon role="alert" message={check.data.reason} />
      ) : check.isError ? (
        <Alert type="error" showIcon role="alert" message={t('relend.checkFailed')} />
      ) : null}
      {allowed ? (
        <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
          <Form.Item name="note" label={t('relend.note')} extra={t('relend.noteHint')}>
            <Input.TextArea maxLength={200} rows={2} showCount />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
