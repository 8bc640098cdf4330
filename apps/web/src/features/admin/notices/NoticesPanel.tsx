import { useMemo, useState } from 'react';
import { Button, Empty, Form, Input, Pagination, Popconfirm, Radio, Select, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTICE_BODY_MAX, NOTICE_SUBJECT_MAX, type MessageFormat } from '@openfind/contract';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { loadNamespace } from '../../lang';
import {
  NOTICE_ROWS,
  newRequestKey,
  useAudience,
  useNotices,
  useSendNotice,
  useWithdrawNotice,
  type Notice,
} from './notices-api';
import './notices.css';

await loadNamespace('adminNotices');

type Values = { subject: string; format: MessageFormat; body: string; readerTypes: string[] };

/**
 * The library's notices (a tab of the content screen): write one to every reader of the institution
 * or of some reader types (plain text, or rich text of the shared allow-list, cleaned by the server),
 * see how many received and read each, withdraw one (its unread copies leave the inboxes).
 */
export function NoticesPanel() {
  const { t } = useTranslation('adminNotices');
  const [page, setPage] = useState(1);
  const notices = useNotices(page);
  const withdraw = useWithdrawNotice();
  const items = notices.data?.list ?? [];
  return (
    <div className="of-notices">
      <NoticeForm />
      <h3 className="of-notices-heading">{t('sentTitle')}</h3>
      {notices.isPending ? <Spin /> : null}
      {notices.isSuccess && !items.length ? <Empty description={t('none')} /> : null}
      <ul className="of-content-list" aria-label={t('sentTitle')}>
        {items.map((n) => (
          <NoticeRow
            key={n.noticeId}
            notice={n}
            busy={withdraw.isPending && withdraw.variables === n.noticeId}
            onWithdraw={() => withdraw.mutate(n.noticeId)}
          />
        ))}
      </ul>
      {(notices.data?.totalCount ?? 0) > NOTICE_ROWS ? (
        <Pagination
          className="of-content-pager"
          current={page}
          pageSize={NOTICE_ROWS}
          total={notices.data?.totalCount ?? 0}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </div>
  );
}

function NoticeRow({ notice: n, busy, onWithdraw }: { notice: Notice; busy: boolean; onWithdraw: () => void }) {
  const { t } = useTranslation('adminNotices');
  const sent = new Date(n.sentAt).toLocaleString();
  return (
    <li className="of-content-item" data-testid="notice">
      <h4 className="of-notices-subject">{n.subject}</h4>
      <p className="of-content-meta">
        <Tag color={n.status === 'sent' ? 'green' : 'default'}>{t(`status.${n.status}`)}</Tag>
        {[
          t('sentBy', { name: n.sentBy || '—', time: sent }),
          n.readerTypes.length ? t('toTypes', { types: n.readerTypes.join('、') }) : t('toAll'),
          t('readCount', { read: n.readCount, recipients: n.recipients }),
        ].join(' · ')}
      </p>
      {n.status === 'sent' ? (
        <div className="of-content-actions">
          <Popconfirm
            title={t('withdrawQuestion', { subject: n.subject })}
            okText={t('withdraw')}
            cancelText={t('cancel')}
            onConfirm={onWithdraw}
          >
            <Button size="small" danger loading={busy}>
              {t('withdraw')}
            </Button>
          </Popconfirm>
        </div>
      ) : null}
    </li>
  );
}

function NoticeForm() {
  const { t } = useTranslation('adminNotices');
  const [form] = Form.useForm<Values>();
  // One key per notice written: a second click or a retry sends the same notice, not another.
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const audience = useAudience();
  const send = useSendNotice(() => {
    form.resetFields();
    setRequestKey(newRequestKey());
  });
  const format = Form.useWatch('format', form) ?? 'text';
  const body = Form.useWatch('body', form) ?? '';
  const chosen = Form.useWatch('readerTypes', form);
  const reach = useMemo(() => {
    const a = audience.data;
    if (!a) return null;
    if (!chosen?.length) return a.readers;
    return a.types.filter((x) => chosen.includes(x.readerType)).reduce((sum, x) => sum + x.readers, 0);
  }, [audience.data, chosen]);
  const preview = useMemo(() => (format === 'html' ? sanitizeHtml(body) : ''), [format, body]);
  return (
    <section className="of-notices-form" aria-labelledby="of-notices-write">
      <h3 id="of-notices-write" className="of-notices-heading">
        {t('writeTitle')}
      </h3>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ subject: '', format: 'text', body: '', readerTypes: [] }}
        onFinish={(v) => send.mutate({ ...v, requestKey })}
      >
        <Form.Item
          name="subject"
          label={t('subject')}
          rules={[{ required: true, whitespace: true, message: t('required') }]}
        >
          <Input maxLength={NOTICE_SUBJECT_MAX} />
        </Form.Item>
        <Form.Item name="format" label={t('format')}>
          <Radio.Group
            options={[
              { value: 'text', label: t('formatText') },
              { value: 'html', label: t('formatHtml') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('body')}
          extra={format === 'html' ? t('htmlHelp') : undefined}
          rules={[{ required: true, whitespace: true, message: t('required') }]}
        >
          <Input.TextArea rows={6} maxLength={NOTICE_BODY_MAX} spellCheck={format === 'text'} />
        </Form.Item>
        {format === 'html' && body ? (
          <section aria-label={t('preview')}>
            <p className="of-content-meta">{t('preview')}</p>
            <div className="of-content-preview" dangerouslySetInnerHTML={{ __html: preview }} />
          </section>
        ) : null}
        <Form.Item name="readerTypes" label={t('readerTypes')} extra={t('readerTypesHelp')}>
          <Select
            mode="multiple"
            allowClear
            loading={audience.isPending}
            placeholder={t('allReaders')}
            options={(audience.data?.types ?? []).map((x) => ({
              value: x.readerType,
              label: t('typeOption', { type: x.readerType, count: x.readers }),
            }))}
          />
        </Form.Item>
        <p className="of-content-meta" aria-live="polite">
          {reach === null ? null : t('reach', { count: reach })}
        </p>
        <Popconfirm
          title={t('sendQuestion', { count: reach ?? 0 })}
          okText={t('send')}
          cancelText={t('cancel')}
          onConfirm={() => form.submit()}
        >
          <Button type="primary" loading={send.isPending}>
            {t('send')}
          </Button>
        </Popconfirm>
      </Form>
    </section>
  );
}
