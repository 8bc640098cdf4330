import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import * as Calls from '@openfind/contract/calls';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { useContentChange, useNews, type News } from './content-api';
import { ContentFilters, ContentItem, ContentList, DeleteButton, PublishedTag, useTextFilter } from './ContentItems';

/** Donation news: add, edit (rich text with a cleaned preview), publish or take back, delete (administrators). */
export function NewsPanel({ canDelete }: { canDelete: boolean }) {
  const { t } = useTranslation('adminContent');
  const { draft, setDraft, q, page, setPage, apply } = useTextFilter();
  const [editing, setEditing] = useState<News | 'new' | null>(null);
  const news = useNews(q, page);
  const publish = useContentChange(Calls.contentNewsPublish);
  const remove = useContentChange(Calls.contentNewsDelete);
  return (
    <div>
      <ContentFilters
        label={t('news.filter')}
        textLabel={t('news.search')}
        text={draft}
        onText={setDraft}
        onSearch={apply}
        addLabel={t('news.add')}
        onAdd={() => setEditing('new')}
      />
      <ContentList label={t('tabs.news')} query={news} page={page} onPage={setPage}>
        {(n) => (
          <ContentItem
            key={n.id}
            title={n.title}
            meta={
              <>
                <PublishedTag published={n.published} />
                {[n.donorName, t('news.copiesCount', { count: n.copies }), n.publishedOn].filter(Boolean).join(' · ')}
              </>
            }
          >
            <Button size="small" onClick={() => setEditing(n)}>
              {t('edit')}
            </Button>
            <Button
              size="small"
              loading={publish.isPending && publish.variables?.id === n.id}
              onClick={() => publish.mutate({ id: n.id, version: n.version, published: !n.published })}
            >
              {n.published ? t('unpublish') : t('publish')}
            </Button>
            {canDelete ? (
              <DeleteButton name={n.title} onConfirm={() => remove.mutate({ id: n.id, version: n.version })} />
            ) : null}
          </ContentItem>
        )}
      </ContentList>
      {editing ? <NewsForm item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

type Values = {
  title: string;
  titleEn: string;
  donorName: string;
  copies: number;
  remark: string;
  publishedOn: string;
  published: boolean;
  content: string;
  contentEn: string;
};

/** What readers will see of rich text: the same allow-list the server applies when it saves. */
export function RichPreview({ html, label }: { html: string; label: string }) {
  const clean = useMemo(() => sanitizeHtml(html ?? ''), [html]);
  return (
    <section aria-label={label}>
      <p className="of-content-meta">{label}</p>
      <div className="of-content-preview" dangerouslySetInnerHTML={{ __html: clean }} />
    </section>
  );
}

function NewsForm({ item, onClose }: { item: News | null; onClose: () => void }) {
  const { t } = useTranslation('adminContent');
  const [form] = Form.useForm<Values>();
  const content = Form.useWatch('content', form) ?? item?.content ?? '';
  const save = useContentChange(Calls.contentNewsSave, onClose);
  return (
    <Modal
      open
      width={760}
      title={item ? t('news.editTitle', { name: item.title }) : t('news.add')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          title: item?.title ?? '',
          titleEn: item?.titleEn ?? '',
          donorName: item?.donorName ?? '',
          copies: item?.copies ?? 0,
          remark: item?.remark ?? '',
          publishedOn: item?.publishedOn ?? new Date().toISOString().slice(0, 10),
          published: item?.published ?? false,
          content: item?.content ?? '',
          contentEn: item?.contentEn ?? '',
        }}
        onFinish={(v) => {
          const { published, ...rest } = v;
          save.mutate({
            ...rest,
            copies: Number(v.copies) || 0,
            ...(item ? { id: item.id, version: item.version } : { published }),
          });
        }}
      >
        <div className="of-content-grid">
          <Form.Item
            name="title"
            label={t('news.titleZh')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="titleEn" label={t('news.titleEn')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="donorName" label={t('news.donor')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="copies" label={t('news.copies')}>
            <InputNumber min={0} max={1000000} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="publishedOn" label={t('news.date')}>
            <Input type="date" />
          </Form.Item>
          {item ? null : (
            <Form.Item name="published" label={t('news.publishNow')} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </div>
        <Form.Item name="remark" label={t('news.remark')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="content" label={t('news.contentZh')} extra={t('richHelp')}>
          <Input.TextArea rows={6} maxLength={20000} spellCheck={false} />
        </Form.Item>
        <RichPreview html={content} label={t('preview')} />
        <Form.Item name="contentEn" label={t('news.contentEn')} style={{ marginTop: 16 }}>
          <Input.TextArea rows={4} maxLength={20000} spellCheck={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
