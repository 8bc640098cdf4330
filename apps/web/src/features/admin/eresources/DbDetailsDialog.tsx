import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DB_LANGUAGES, DB_TYPES, EResourceErrCode, type DbLanguage, type DbType } from '@openfind/contract';
import { ApiError } from '../../../lib/http';
import { loadNamespace } from '../../lang';
import { useDbDetails, useSaveDbDetails, type DbDetails } from './eresources-api';
import './eresources.css';

await loadNamespace('adminEResources');

type Values = {
  descriptionTw: string;
  guide: string;
  guideTw: string;
  guideEn: string;
  dbTypes: DbType[];
  languages: DbLanguage[];
  trialFrom: string;
  vendor: string;
  urlOffCampus: string;
  proxied: boolean;
  packageCode: string;
};

const valuesOf = (d: DbDetails): Values => ({
  descriptionTw: d.descriptionTw,
  guide: d.guide,
  guideTw: d.guideTw,
  guideEn: d.guideEn,
  dbTypes: d.dbTypes,
  languages: d.languages,
  trialFrom: d.trialFrom ?? '',
  vendor: d.vendor,
  urlOffCampus: d.urlOffCampus,
  proxied: d.proxied,
  packageCode: d.packageCode,
});

/**
 * A database's navigation fields (`/find/admin/eresources/details`): the Traditional Chinese
 * description, the usage guide in three languages, types and content languages, the trial's first
 * day, vendor, off-campus link, "through the proxy" and the KBART package. Saved with the version
 * read: when someone else saved meanwhile nothing is overwritten — the dialog says so and offers the
 * latest version. Opened from the e-resources list of the content screen (a chunk of its own).
 */
export default function DbDetailsDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const { t } = useTranslation('adminEResources');
  const details = useDbDetails(id);
  return (
    <Modal
      open
      title={t('details.title', { name })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      className="of-aer-details"
    >
      {details.data ? (
        <DetailsForm key={details.data.version} details={details.data} onClose={onClose} reload={details.refetch} />
      ) : details.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : (
        <Spin aria-label={t('loading')} />
      )}
    </Modal>
  );
}

function DetailsForm(props: { details: DbDetails; onClose: () => void; reload: () => Promise<unknown> }) {
  const { t } = useTranslation('adminEResources');
  const { details } = props;
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<{ conflict: boolean; message: string } | null>(null);
  const save = useSaveDbDetails(props.onClose, (error) =>
    setFailure({
      conflict: error instanceof ApiError && error.errCode === EResourceErrCode.changedMeanwhile,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
  const submit = (v: Values) => {
    setFailure(null);
    save.mutate({ ...v, id: details.id, version: details.version, trialFrom: v.trialFrom || null });
  };
  const http = { pattern: /^https?:\/\/\S+$/i, message: t('details.httpOnly') };
  return (
    <Form form={form} layout="vertical" initialValues={valuesOf(details)} onFinish={submit}>
      {failure ? (
        <Alert
          type={failure.conflict ? 'warning' : 'error'}
          showIcon
          role="alert"
          className="of-aer-alert"
          title={failure.conflict ? t('details.conflict') : failure.message || t('saveFailed')}
          action={
            failure.conflict ? (
              <Button size="small" onClick={() => void props.reload()}>
                {t('details.reload')}
              </Button>
            ) : undefined
          }
          data-testid="db-details-failure"
        />
      ) : null}
      <Form.Item name="dbTypes" label={t('details.dbTypes')}>
        <Checkbox.Group
          className="of-aer-checks"
          options={DB_TYPES.map((v) => ({ value: v, label: t(`dbTypes.${v}`) }))}
        />
      </Form.Item>
      <Form.Item name="languages" label={t('details.languages')}>
        <Checkbox.Group
          className="of-aer-checks"
          options={DB_LANGUAGES.map((v) => ({ value: v, label: t(`languages.${v}`) }))}
        />
      </Form.Item>
      <Form.Item name="guide" label={t('details.guideZh')} extra={t('details.guideHelp')}>
        <Input.TextArea rows={4} maxLength={8000} />
      </Form.Item>
      <Form.Item name="guideTw" label={t('details.guideTw')}>
        <Input.TextArea rows={3} maxLength={8000} />
      </Form.Item>
      <Form.Item name="guideEn" label={t('details.guideEn')}>
        <Input.TextArea rows={3} maxLength={8000} />
      </Form.Item>
      <Form.Item name="descriptionTw" label={t('details.descriptionTw')}>
        <Input.TextArea rows={2} maxLength={4000} />
      </Form.Item>
      <div className="of-aer-grid">
        <Form.Item name="vendor" label={t('details.vendor')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="trialFrom" label={t('details.trialFrom')} extra={t('details.trialFromHelp')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="packageCode" label={t('details.packageCode')} extra={t('details.packageCodeHelp')}>
          <Input maxLength={200} />
        </Form.Item>
      </div>
      <Form.Item
        name="urlOffCampus"
        label={t('details.urlOffCampus')}
        extra={t('details.urlOffCampusHelp')}
        rules={[http]}
      >
        <Input inputMode="url" maxLength={2048} />
      </Form.Item>
      <Form.Item name="proxied" label={t('details.proxied')} valuePropName="checked" extra={t('details.proxiedHelp')}>
        <Switch />
      </Form.Item>
      <p className="of-aer-help">{t('details.version', { version: details.version })}</p>
      <div className="of-aer-row of-aer-end">
        <Button onClick={props.onClose}>{t('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="db-details-save">
          {t('save')}
        </Button>
      </div>
    </Form>
  );
}
