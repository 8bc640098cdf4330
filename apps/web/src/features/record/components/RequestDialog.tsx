import { useEffect } from 'react';
import { Button, Form, Input, Modal, Select, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlaceRequest } from '@openfind/contract';
import { usePickupLibraries, usePlaceRequest } from '../api/requests';

type Values = { pickupLibCode: string; contactPhone?: string };

/**
 * Reserve (预约) or ask for a closed-stack copy (委托): the pickup library and a phone number for the
 * library to call. The server's answer says the place in the queue, or that a copy is held with its
 * pickup code; a refusal (already requested, on loan, too many…) shows its translated reason.
 */
export function RequestDialog({
  recordId,
  title,
  type,
  open,
  onClose,
}: {
  recordId: number;
  title: string;
  type: PlaceRequest['requestType'];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('record');
  const [form] = Form.useForm<Values>();
  const libraries = usePickupLibraries(recordId, open);
  const place = usePlaceRequest();
  // The first library (the main one) is chosen once the list has come.
  const firstLibrary = libraries.data?.[0]?.libCode;
  useEffect(() => {
    if (firstLibrary && !form.getFieldValue('pickupLibCode')) form.setFieldValue('pickupLibCode', firstLibrary);
  }, [firstLibrary, form]);
  const onFinish = (values: Values) =>
    place.mutate(
      { recordId, requestType: type, pickupLibCode: values.pickupLibCode, contactPhone: values.contactPhone ?? '' },
      {
        onSuccess: ({ message: text }) => {
          void message.success(text, 6);
          onClose();
        },
      },
    );
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t(`request.title.${type}`)}
      width={480}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('actions.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={place.isPending} onClick={() => form.submit()}>
          {t(`request.confirm.${type}`)}
        </Button>,
      ]}
    >
      <p className="of-request-title">《{title}》</p>
      <p className="of-muted">{t(`request.explain.${type}`)}</p>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          name="pickupLibCode"
          label={t('request.pickup')}
          rules={[{ required: true, message: t('request.pickupRequired') }]}
        >
          <Select
            loading={libraries.isPending}
            options={(libraries.data ?? []).map((l) => ({ value: l.libCode, label: l.libName }))}
          />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={t('request.phone')}
          rules={[{ pattern: /^[\d+\-\s]{0,30}$/, message: t('request.phoneInvalid') }]}
          extra={t('request.phoneHint')}
        >
          <Input inputMode="tel" autoComplete="tel" maxLength={30} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
