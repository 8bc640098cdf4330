import { useState } from 'react';
import { Button, Input, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import * as Calls from '@openfind/contract/calls';
import { RICH_TEXT_CONFIG_KEYS } from '@openfind/contract';
import { useContentChange, useTexts } from './content-api';
import { RichPreview } from './NewsPanel';

type Key = (typeof RICH_TEXT_CONFIG_KEYS)[number];

/**
 * The help, privacy and login explanation texts (rich text of the site configuration, one per
 * institution): edited as HTML with a preview cleaned as readers will see it, saved together from the
 * version read (a save another tab made meanwhile is not overwritten).
 */
export function TextsPanel() {
  const { t } = useTranslation('adminContent');
  const texts = useTexts();
  const [key, setKey] = useState<Key>('helpHtml');
  const [edits, setEdits] = useState<Partial<Record<Key, string>>>({});
  const save = useContentChange(Calls.contentTextsSave, () => setEdits({}));
  if (!texts.data) return <Spin />;
  const value = edits[key] ?? texts.data.texts[key] ?? '';
  const changed = Object.keys(edits).length > 0;
  return (
    <div>
      <div className="of-content-filters">
        <label>
          {t('texts.which')}
          <Select
            className="of-content-field"
            aria-label={t('texts.which')}
            value={key}
            onChange={setKey}
            options={RICH_TEXT_CONFIG_KEYS.map((k) => ({
              value: k,
              label: `${t(`texts.keys.${k}`)}${edits[k] !== undefined ? ' *' : ''}`,
            }))}
          />
        </label>
        <Button
          type="primary"
          disabled={!changed}
          loading={save.isPending}
          onClick={() => save.mutate({ version: texts.data.version, texts: edits })}
        >
          {t('save')}
        </Button>
      </div>
      <p className="of-content-meta">{t('texts.help')}</p>
      <label className="of-content-meta" htmlFor="of-content-text">
        {t(`texts.keys.${key}`)}
      </label>
      <Input.TextArea
        id="of-content-text"
        rows={10}
        maxLength={20000}
        spellCheck={false}
        value={value}
        onChange={(e) => setEdits({ ...edits, [key]: e.target.value })}
      />
      <div style={{ marginTop: 12 }}>
        <RichPreview html={value} label={t('preview')} />
      </div>
    </div>
  );
}
