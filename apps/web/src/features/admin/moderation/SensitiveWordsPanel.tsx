import { useState } from 'react';
import { Alert, Button, Input, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_SENSITIVE_WORDS } from '@openfind/contract';
import { wordsOf } from './marks';
import { useSaveWords, useWords } from './moderation-api';

/**
 * The institution's sensitive words: administrators edit them (one a line), desk staff see them. A
 * word matches in any case and width, Simplified or Traditional, anywhere in a comment.
 */
export function SensitiveWordsPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation('adminModeration');
  const words = useWords();
  if (!words.data) return <Spin className="of-queue-loading" aria-label={t('loading')} />;
  if (!editable)
    return (
      <section className="of-mod-words" aria-labelledby="of-mod-words-title">
        <h2 id="of-mod-words-title">{t('words.title')}</h2>
        <p className="of-queue-help">{t('words.readOnly')}</p>
        {words.data.words.length ? (
          <ul className="of-mod-word-list">
            {words.data.words.map((w) => (
              <li key={w}>
                <Tag>{w}</Tag>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('words.none')}</p>
        )}
      </section>
    );

  // Keyed by the saved list: the text starts again from it once saved.
  const saved = words.data.words.join('\n');
  return <WordsForm key={saved} saved={saved} />;
}

/** The list as text, one word a line, and its save. */
function WordsForm({ saved }: { saved: string }) {
  const { t } = useTranslation('adminModeration');
  const save = useSaveWords();
  const [text, setText] = useState(saved);
  const list = wordsOf(text);
  const tooMany = list.length > MAX_SENSITIVE_WORDS;
  return (
    <section className="of-mod-words" aria-labelledby="of-mod-words-title">
      <h2 id="of-mod-words-title">{t('words.title')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!tooMany) save.mutate(list);
        }}
      >
        <label htmlFor="of-mod-words-text" className="of-queue-label">
          {t('words.label')}
        </label>
        <Input.TextArea
          id="of-mod-words-text"
          data-testid="moderation-words"
          value={text}
          autoSize={{ minRows: 6, maxRows: 16 }}
          aria-describedby="of-mod-words-help"
          onChange={(e) => setText(e.target.value)}
        />
        <p id="of-mod-words-help" className="of-queue-help">
          {t('words.help', { count: list.length, max: MAX_SENSITIVE_WORDS })}
        </p>
        {tooMany ? <Alert type="error" showIcon title={t('words.tooMany', { max: MAX_SENSITIVE_WORDS })} /> : null}
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={tooMany}>
          {t('words.save')}
        </Button>
      </form>
    </section>
  );
}
