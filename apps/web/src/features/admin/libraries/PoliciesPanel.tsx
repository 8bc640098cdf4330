import { useState } from 'react';
import {
  Alert,
  AutoComplete,
  Button,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Spin,
  Switch,
  Table,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_POLICY_KEY, POLICY_LIMITS, type PolicyNumberField } from '@openfind/contract';
import { useDeletePolicy, usePolicies, useSavePolicy, type Policies, type Policy } from './libraries-api';

/** Money fields: fen in the call, yuan on the screen. */
const MONEY: PolicyNumberField[] = ['finePerDayCents', 'maxFineCents', 'fineLimitCents'];
/** The fields of the form, in its order (money in yuan). */
const FIELDS: PolicyNumberField[] = [
  'loanDays',
  'maxLoans',
  'maxRenewals',
  'renewalDays',
  'renewWindowDays',
  'maxRequests',
  'holdShelfDays',
  'finePerDayCents',
  'maxFineCents',
  'fineLimitCents',
  'suspendDaysPerDay',
  'maxRelends',
];

type Values = Record<PolicyNumberField, number> & { readerType: string; circAttr: string; renewWhenOverdue: boolean };

const yuan = (cents: number) => (cents / 100).toFixed(2);

/** Adds or changes a policy: reader type and attribute set when it is added, the values always. */
function PolicyForm({ policy, choices, onClose }: { policy: Policy | null; choices: Policies; onClose: () => void }) {
  const { t } = useTranslation('adminLibraries');
  const [form] = Form.useForm<Values>();
  const save = useSavePolicy();
  const base = policy ?? choices.policies[0]!;
  const initial = {
    ...base,
    ...Object.fromEntries(MONEY.map((m) => [m, base[m] / 100])),
    readerType: policy?.readerType ?? '',
    circAttr: policy?.circAttr ?? '',
  } as Values;
  const submit = async (v: Values) => {
    const numbers = Object.fromEntries(
      FIELDS.map((f) => [f, MONEY.includes(f) ? Math.round(Number(v[f]) * 100) : Number(v[f])]),
    ) as Record<PolicyNumberField, number>;
    await save.mutateAsync({
      ...numbers,
      renewWhenOverdue: v.renewWhenOverdue,
      readerType: (v.readerType ?? '').trim(),
      circAttr: v.circAttr ?? '',
      // The default row not stored yet is added.
      version: policy?.version ?? undefined,
    });
    onClose();
  };
  const isDefault = policy !== null && policy.readerType === '' && policy.circAttr === '';
  return (
    <Modal
      open
      title={policy ? t('policies.editTitle') : t('policies.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Alert type="info" showIcon title={t('policies.appliesTo')} className="of-lib-alert" />
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        preserve={false}
        className="of-lib-policy-form"
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        <Form.Item
          name="readerType"
          label={t('policies.readerType')}
          extra={isDefault ? t('policies.defaultRow') : t('policies.readerTypeHelp')}
          rules={[{ max: MAX_POLICY_KEY }]}
        >
          <AutoComplete
            disabled={policy !== null}
            data-testid="policy-reader-type"
            options={choices.readerTypes.map((r) => ({
              value: r.readerType,
              label: t('policies.readerTypeOption', { type: r.readerType, n: r.readers }),
            }))}
            filterOption={(input, option) => String(option?.value ?? '').includes(input)}
          />
        </Form.Item>
        <Form.Item name="circAttr" label={t('policies.circAttr')}>
          <Select
            disabled={policy !== null}
            aria-label={t('policies.circAttr')}
            options={[
              { value: '', label: t('policies.anyCircAttr') },
              ...choices.circAttrs.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
            ]}
          />
        </Form.Item>
        <div className="of-lib-policy-grid">
          {FIELDS.map((f) => {
            const [min, max] = POLICY_LIMITS[f];
            const money = MONEY.includes(f);
            return (
              <Form.Item
                key={f}
                name={f}
                label={t(`policies.fields.${f}`)}
                dependencies={f === 'renewWindowDays' ? ['loanDays'] : undefined}
                rules={[
                  { required: true, message: t('policies.range', { min, max: money ? yuan(max) : max }) },
                  ...(f === 'renewWindowDays'
                    ? [
                        ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
                          validator: (_: unknown, value: number) =>
                            value > Number(getFieldValue('loanDays'))
                              ? Promise.reject(new Error(t('policies.windowTooLong')))
                              : Promise.resolve(),
                        }),
                      ]
                    : []),
                ]}
              >
                <InputNumber
                  min={money ? min / 100 : min}
                  max={money ? max / 100 : max}
                  step={money ? 0.1 : 1}
                  precision={money ? 2 : 0}
                  className="of-lib-number"
                  data-testid={`policy-${f}`}
                />
              </Form.Item>
            );
          })}
        </div>
        <Form.Item name="renewWhenOverdue" label={t('policies.fields.renewWhenOverdue')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The loan policies: one row per reader type × circulation attribute ('' is any), the most specific
 * applying (type and attribute, then type, then attribute, then the default row, which cannot be
 * deleted). A change applies to loans, renewals and requests made after it.
 */
export function PoliciesPanel() {
  const { t } = useTranslation('adminLibraries');
  const policies = usePolicies();
  const remove = useDeletePolicy();
  const [editing, setEditing] = useState<Policy | 'new' | null>(null);
  if (!policies.data) return <Spin className="of-lib-loading" aria-label={t('loading')} />;
  const data = policies.data;
  const attrName = new Map(data.circAttrs.map((c) => [c.code, c.name]));
  const isDefault = (p: Policy) => p.readerType === '' && p.circAttr === '';

  const columns: TableColumnsType<Policy> = [
    {
      title: t('policies.readerType'),
      key: 'readerType',
      render: (_, p) => (isDefault(p) ? <strong>{t('policies.default')}</strong> : p.readerType || t('policies.any')),
    },
    {
      title: t('policies.circAttr'),
      key: 'circAttr',
      render: (_, p) => (p.circAttr ? (attrName.get(p.circAttr) ?? p.circAttr) : t('policies.any')),
    },
    { title: t('policies.fields.loanDays'), dataIndex: 'loanDays' },
    { title: t('policies.fields.maxLoans'), dataIndex: 'maxLoans' },
    {
      title: t('policies.renewals'),
      key: 'renewals',
      render: (_, p) => t('policies.renewalsValue', { n: p.maxRenewals, days: p.renewalDays }),
    },
    { title: t('policies.fields.renewWindowDays'), dataIndex: 'renewWindowDays', responsive: ['md'] },
    {
      title: t('policies.requests'),
      key: 'requests',
      responsive: ['md'],
      render: (_, p) => t('policies.requestsValue', { n: p.maxRequests, days: p.holdShelfDays }),
    },
    {
      title: t('policies.fines'),
      key: 'fines',
      responsive: ['lg'],
      render: (_, p) =>
        t('policies.finesValue', {
          perDay: yuan(p.finePerDayCents),
          max: yuan(p.maxFineCents),
          limit: yuan(p.fineLimitCents),
        }),
    },
    {
      title: t('policies.actions'),
      key: 'actions',
      render: (_, p) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setEditing(p)} data-testid={`edit-policy-${p.readerType}-${p.circAttr}`}>
            {t('tree.edit')}
          </Button>
          {isDefault(p) || p.version === null ? null : (
            <Popconfirm
              title={t('policies.deleteConfirm')}
              okText={t('tree.delete')}
              cancelText={t('form.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove
                  .mutateAsync({ readerType: p.readerType, circAttr: p.circAttr, version: p.version ?? '' })
                  .catch(() => undefined)
              }
            >
              <Button size="small" danger>
                {t('tree.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="of-lib-policies">
      <Alert
        type="info"
        showIcon
        title={t('policies.appliesTo')}
        description={t('policies.order')}
        className="of-lib-alert"
      />
      <div className="of-lib-toolbar">
        <p className="of-lib-help">
          {data.readerTypes.length
            ? t('policies.readerTypesKnown', { types: data.readerTypes.map((r) => r.readerType).join('、') })
            : t('policies.noReaderTypes')}
        </p>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('policies.add')}
        </Button>
      </div>
      <Table<Policy>
        rowKey={(p) => `${p.readerType}\u0000${p.circAttr}`}
        columns={columns}
        dataSource={data.policies}
        pagination={false}
        scroll={{ x: 'max-content' }}
        size="middle"
        data-testid="policy-table"
      />
      {editing ? (
        <PolicyForm policy={editing === 'new' ? null : editing} choices={data} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
