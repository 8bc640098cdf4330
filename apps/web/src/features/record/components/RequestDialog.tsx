import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input, Modal, Radio, Select, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlaceRequest, ReaderAddress } from '@openfind/contract';
import { usePickupLibraries, usePlaceRequest, useReaderAddresses } from '../api/requests';

type Values = { pickupLibCode?: string; contactPhone?: string; addressId?: number; retentionDays?: number };

/** Days a reader may ask a held copy to be kept (0: as long as the library keeps it; the server caps the rest). */
const RETENTION_CHOICES = [0, 3, 5, 7] as const;

/**
 * Reserve (预约) or ask for a closed-stack copy (委托): the pickup library and a phone number for the
 * library to call; or have it sent home (送书上门): one of the reader's delivery addresses, the default
 * chosen (none yet: a link to add one in My Library). The server's answer says the place in the queue,
 * or that a copy is held (with its pickup code, or being taken from the shelf to send); a refusal
 * (already requested, on loan, too many…) shows its translated reason.
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
  const isDelivery = type === 'delivery';
  const libraries = usePickupLibraries(recordId, open && !isDelivery);
  const addresses = useReaderAddresses(open && isDelivery);
  const place = usePlaceRequest();
  // The default address (listed first) is chosen once the list has come.
  const defaultAddress = addresses.data?.list[0]?.addressId;
  useEffect(() => {
    if (defaultAddress && !form.getFieldValue('addressId')) form.setFieldValue('addressId', defaultAddress);
  }, [defaultAddress, form]);
  const hasNoAddress = isDelivery && addresses.data?.list.length === 0;
  // The first library (the main one) is chosen once the list has come.
  const firstLibrary = libraries.data?.[0]?.libCode;
  useEffect(() => {
    if (firstLibrary && !form.getFieldValue('pickupLibCode')) form.setFieldValue('pickupLibCode', firstLibrary);
  }, [firstLibrary, form]);
  const onFinish = (values: Values) =>
    place.mutate(
      isDelivery
        ? { recordId, requestType: type, addressId: values.addressId, contactPhone: '', retentionDays: 0 }
        : {
            recordId,
            requestType: type,
            pickupLibCode: values.pickupLibCode,
            contactPhone: values.contactPhone ?? '',
            retentionDays: values.retentionDays ?? 0,
          },
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
        <Button
          key="ok"
          type="primary"
          loading={place.isPending}
          disabled={isDelivery && !addresses.data?.list.length}
          onClick={() => form.submit()}
        >
          {t(`request.confirm.${type}`)}
        </Button>,
      ]}
    >
      <p className="of-request-title">《{title}》</p>
      <p className="of-muted">{t(`request.explain.${type}`)}</p>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        {isDelivery ? (
          <DeliveryAddresses
            addresses={addresses.data?.list}
            isPending={addresses.isPending}
            hasNoAddress={hasNoAddress}
            onLeave={onClose}
          />
        ) : null}
        {isDelivery ? null : (
          <>
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
            <Form.Item
              name="retentionDays"
              label={t('request.retention')}
              initialValue={0}
              extra={t('request.retentionHint')}
            >
              <Select
                options={RETENTION_CHOICES.map((days) => ({
                  value: days,
                  label: days ? t('request.retentionDays', { count: days }) : t('request.retentionLibrary'),
                }))}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** Where a home delivery goes: one of the reader's addresses (radio buttons), or a link to add one. */
function DeliveryAddresses({
  addresses,
  isPending,
  hasNoAddress,
  onLeave,
}: {
  addresses: ReaderAddress[] | undefined;
  isPending: boolean;
  hasNoAddress: boolean;
  onLeave: () => void;
}) {
  const { t } = useTranslation('record');
  const labelId = useId();
  const manage = (
    <Link to="/personalCenter?key=9" onClick={onLeave}>
      {t(hasNoAddress ? 'request.addAddress' : 'request.manageAddresses')}
    </Link>
  );
  if (isPending)
    return (
      <p aria-busy="true" className="of-muted">
        {t('request.addressesLoading')}
      </p>
    );
  if (hasNoAddress || !addresses)
    return (
      <p className="of-delivery-none" role="note">
        {t('request.noAddress')} {manage}
      </p>
    );
  return (
    <>
      <p id={labelId} className="of-delivery-label">
        {t('request.address')}
      </p>
      <Form.Item name="addressId" rules={[{ required: true, message: t('request.addressRequired') }]}>
        <Radio.Group vertical aria-labelledby={labelId} className="of-delivery-addresses">
          {addresses.map((a) => (
            <Radio key={a.addressId} value={a.addressId} className="of-delivery-address">
              <span className="of-delivery-who">
                {a.recipient} {a.phone}
                {a.isDefault ? <span className="of-delivery-default">{t('request.defaultAddress')}</span> : null}
              </span>
              <span className="of-delivery-where">{[a.region, a.detail, a.postcode].filter(Boolean).join(' ')}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <p className="of-delivery-manage">{manage}</p>
    </>
  );
}
