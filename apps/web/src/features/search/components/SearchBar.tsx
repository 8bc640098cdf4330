import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { AutoComplete, Button, Input, Select } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MATCH_MODES, SEARCH_FIELDS } from '@openfind/contract';
import type { MatchMode } from '@openfind/contract';
import { useKeyWordSuggestions } from '../api/get-key-word';

/** Wait after the last key stroke before asking for suggestions. */
const SUGGEST_DELAY_MS = 250;

type Props = {
  field: string;
  text: string;
  matchMode: MatchMode;
  onSearch: (field: string, text: string, matchMode: MatchMode) => void;
};

/** The results page's search box: scope, terms with suggestions as you type, match mode, and advanced search. */
export function SearchBar({ field: initialField, text: initialText, matchMode: initialMode, onSearch }: Props) {
  const { t } = useTranslation('search');
  const [field, setField] = useState(initialField);
  const [text, setText] = useState(initialText);
  const [matchMode, setMatchMode] = useState<MatchMode>(initialMode);
  const [typed, setTyped] = useState('');
  const [isEmpty, setIsEmpty] = useState(false);
  const hintId = useId();
  // The URL changed (back/forward, a did-you-mean link): show what it searches.
  const [shown, setShown] = useState({ initialField, initialText, initialMode });
  if (shown.initialField !== initialField || shown.initialText !== initialText || shown.initialMode !== initialMode) {
    setShown({ initialField, initialText, initialMode });
    setField(initialField);
    setText(initialText);
    setMatchMode(initialMode);
  }
  useEffect(() => {
    const timer = window.setTimeout(() => setTyped(text), SUGGEST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const { data: suggestions = [] } = useKeyWordSuggestions(typed === initialText ? '' : typed);
  const submit = (value: string) => {
    if (!value.trim()) {
      setIsEmpty(true);
      return;
    }
    setIsEmpty(false);
    onSearch(field, value.trim(), matchMode);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(text);
  };
  return (
    <form role="search" className="of-searchbar" aria-label={t('box.label')} onSubmit={onSubmit} noValidate>
      <Select
        className="of-searchbar-scope"
        aria-label={t('box.scope')}
        value={field}
        onChange={setField}
        options={SEARCH_FIELDS.map((code) => ({ value: code, label: t(`fields.${code}`) }))}
        popupMatchSelectWidth={false}
      />
      <AutoComplete
        className="of-searchbar-input"
        value={text}
        onChange={(value: string) => {
          setText(value);
          if (value.trim()) setIsEmpty(false);
        }}
        onSelect={(value: string) => {
          setText(value);
          submit(value);
        }}
        options={suggestions.map((s) => ({
          value: s.keyWord,
          label: (
            <span className="of-suggestion">
              <span>{s.keyWord}</span>
              <span className="of-suggestion-kind">{t(`box.kinds.${s.kind}`)}</span>
            </span>
          ),
        }))}
      >
        <Input
          aria-label={t('box.input')}
          placeholder={t('box.placeholder')}
          aria-invalid={isEmpty || undefined}
          aria-describedby={hintId}
          maxLength={300}
          enterKeyHint="search"
        />
      </AutoComplete>
      <Select
        className="of-searchbar-mode"
        aria-label={t('box.matchMode')}
        value={matchMode}
        onChange={setMatchMode}
        options={MATCH_MODES.map((mode) => ({ value: mode, label: t(`matchModes.${mode}`) }))}
        popupMatchSelectWidth={false}
      />
      <Button type="primary" htmlType="submit" className="of-searchbar-submit">
        {t('box.submit')}
      </Button>
      <Link to="/advanceSearch" className="of-searchbar-advanced">
        {t('box.advanced')}
      </Link>
      <p id={hintId} className="of-searchbar-hint" aria-live="polite">
        {isEmpty ? t('box.empty') : ''}
      </p>
    </form>
  );
}
