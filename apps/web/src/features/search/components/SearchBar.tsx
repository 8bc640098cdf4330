import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MATCH_MODES, SEARCH_FIELDS } from '@openfind/contract';
import type { MatchMode } from '@openfind/contract';
import { NativeSelect } from '../../../components/NativeSelect';
import { SuggestInput } from '../../../components/SuggestInput';
import { useKeyWordSuggestions } from '../api/get-key-word';

/** Wait after the last key stroke before asking for suggestions. */
const SUGGEST_DELAY_MS = 250;

type Props = {
  field: string;
  text: string;
  matchMode: MatchMode;
  onSearch: (field: string, text: string, matchMode: MatchMode) => void;
};

/**
 * The results page's search box: scope, terms with suggestions as you type, match mode, and advanced
 * search. Native controls and a plain combobox: it paints with the rows, before Ant Design (issue 31).
 */
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
      <NativeSelect
        className="of-select of-searchbar-scope"
        label={t('box.scope')}
        value={field}
        onChange={setField}
        options={SEARCH_FIELDS.map((code) => [code, t(`fields.${code}`)] as const)}
      />
      <SuggestInput
        className="of-searchbar-input"
        value={text}
        onChange={(value) => {
          setText(value);
          if (value.trim()) setIsEmpty(false);
        }}
        onSelect={(value) => {
          setText(value);
          submit(value);
        }}
        suggestions={suggestions.map((s) => ({
          value: s.keyWord,
          label: (
            <span className="of-suggestion">
              <span>{s.keyWord}</span>
              <span className="of-suggestion-kind">{t(`box.kinds.${s.kind}`)}</span>
            </span>
          ),
        }))}
        aria-label={t('box.input')}
        placeholder={t('box.placeholder')}
        aria-invalid={isEmpty || undefined}
        aria-describedby={hintId}
        maxLength={300}
        enterKeyHint="search"
      />
      <NativeSelect
        className="of-select of-searchbar-mode"
        label={t('box.matchMode')}
        value={matchMode}
        onChange={setMatchMode}
        options={MATCH_MODES.map((mode) => [mode, t(`matchModes.${mode}`)] as const)}
      />
      <button type="submit" className="of-btn of-btn--primary of-searchbar-submit">
        {t('box.submit')}
      </button>
      <Link to="/advanceSearch" className="of-searchbar-advanced">
        {t('box.advanced')}
      </Link>
      <p id={hintId} className="of-searchbar-hint" aria-live="polite">
        {isEmpty ? t('box.empty') : ''}
      </p>
    </form>
  );
}
