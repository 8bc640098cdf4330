import { useRef, useState } from 'react';
import { Button, Empty, Input, Select, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as Calls from '@openfind/contract/calls';
import { ATTACHMENT_KINDS, ATTACHMENT_MAX_BYTES, type AttachmentKind } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import {
  contentKeys,
  uploadAttachment,
  useAttachments,
  useContentChange,
  type Attachment,
  type RecordHit,
} from './content-api';
import { DeleteButton } from './ContentItems';
import { RecordPicker } from '../components/RecordPicker';

const sizeOf = (n: number | null) =>
  n === null ? '' : n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Files attached to a record: find the record, upload (checked by content on the server), rename, move, delete. */
export function AttachmentsPanel({ canDelete }: { canDelete: boolean }) {
  const { t } = useTranslation('adminContent');
  const [record, setRecord] = useState<RecordHit | null>(null);
  return (
    <div>
      <RecordPicker label={t('attachments.findRecord')} action={t('attachments.choose')} onPick={setRecord} />
      {record ? <RecordAttachments record={record} canDelete={canDelete} /> : null}
    </div>
  );
}

function RecordAttachments({ record, canDelete }: { record: RecordHit; canDelete: boolean }) {
  const { t } = useTranslation('adminContent');
  const client = useQueryClient();
  const list = useAttachments(record.recordId);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<AttachmentKind>('other');
  const [busy, setBusy] = useState(false);
  const order = useContentChange(Calls.contentAttachmentOrder);
  const items = list.data?.list ?? [];

  const send = async () => {
    if (!file) return;
    if (file.size > ATTACHMENT_MAX_BYTES) {
      notify('error', t('attachments.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      const { message } = await uploadAttachment(record.recordId, name.trim() || file.name, kind, file);
      notify('success', message);
      setFile(null);
      setName('');
      if (input.current) input.current.value = '';
    } catch {
      // The server's translated message is shown by the client.
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: contentKeys.attachments(record.recordId) });
    }
  };
  const move = (i: number, by: -1 | 1) => {
    const ids = items.map((a) => a.attachmentId);
    const [id] = ids.splice(i, 1);
    ids.splice(i + by, 0, id!);
    order.mutate({ recordId: record.recordId, ids });
  };

  return (
    <section className="of-content-item" aria-labelledby="of-content-att-title">
      <h3 id="of-content-att-title">{t('attachments.of', { title: record.title })}</h3>
      <div className="of-content-filters">
        <label>
          {t('attachments.file')}
          <input
            ref={input}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,.webp,.txt,.docx,.xlsx"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              if (f && !name) setName(f.name.replace(/\.[^.]+$/, ''));
            }}
          />
        </label>
        <label>
          {t('attachments.name')}
          <Input className="of-content-field" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t('attachments.kind')}
          <Select
            className="of-content-field"
            aria-label={t('attachments.kind')}
            value={kind}
            onChange={setKind}
            options={ATTACHMENT_KINDS.map((k) => ({ value: k, label: t(`attachmentKinds.${k}`) }))}
          />
        </label>
        <Button type="primary" disabled={!file} loading={busy} onClick={() => void send()}>
          {t('attachments.upload')}
        </Button>
      </div>
      <p className="of-content-meta">{t('attachments.rules')}</p>
      {list.isPending ? <Spin /> : null}
      {list.isSuccess && !items.length ? <Empty description={t('attachments.none')} /> : null}
      <ul className="of-content-list" aria-label={t('tabs.attachments')}>
        {items.map((a, i) => (
          <AttachmentRow
            key={`${a.attachmentId}-${a.version}`}
            a={a}
            first={i === 0}
            last={i === items.length - 1}
            onMove={(by) => move(i, by)}
            canDelete={canDelete}
          />
        ))}
      </ul>
    </section>
  );
}

function AttachmentRow(props: {
  a: Attachment;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  canDelete: boolean;
}) {
  const { a } = props;
  const { t } = useTranslation('adminContent');
  const [name, setName] = useState(a.name);
  const [kind, setKind] = useState<AttachmentKind>(a.kind);
  const update = useContentChange(Calls.contentAttachmentUpdate);
  const remove = useContentChange(Calls.contentAttachmentDelete);
  const dirty = name !== a.name || kind !== a.kind;
  return (
    <li className="of-content-item">
      <p className="of-content-meta">
        <a href={a.url} download>
          {a.name}
        </a>{' '}
        {[t(`attachmentKinds.${a.kind}`), sizeOf(a.size), a.contentType.split(';')[0]].filter(Boolean).join(' · ')}
      </p>
      <div className="of-content-actions">
        <Input
          size="small"
          className="of-content-field"
          aria-label={t('attachments.rename')}
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
        />
        <Select
          size="small"
          className="of-content-field"
          aria-label={t('attachments.kind')}
          value={kind}
          onChange={setKind}
          options={ATTACHMENT_KINDS.map((k) => ({ value: k, label: t(`attachmentKinds.${k}`) }))}
        />
        <Button
          size="small"
          disabled={!dirty || !name.trim()}
          loading={update.isPending}
          onClick={() => update.mutate({ attachmentId: a.attachmentId, version: a.version, name, kind })}
        >
          {t('save')}
        </Button>
        <Button size="small" disabled={props.first} onClick={() => props.onMove(-1)}>
          {t('up')}
        </Button>
        <Button size="small" disabled={props.last} onClick={() => props.onMove(1)}>
          {t('down')}
        </Button>
        {props.canDelete ? (
          <DeleteButton
            name={a.name}
            onConfirm={() => remove.mutate({ attachmentId: a.attachmentId, version: a.version })}
          />
        ) : null}
      </div>
    </li>
  );
}
