import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/icons';
import { NativeSelect } from '../../../components/NativeSelect';
import {
  buildSearchUrl,
  DEFAULT_MATCH_MODE,
  DEFAULT_SEARCH_FIELD,
  MATCH_MODE_OPTIONS,
  SEARCH_SCOPES,
} from '../search-scopes';

/** The home search: scope, search terms, match mode and a submit button (native controls: light and accessible). */
export function SearchBox() {
  const { t } = useTranslation('home');
  const { t: ts } = useTranslation('search');
  const navigate = useNavigate();
  const [field, setField] = useState(DEFAULT_SEARCH_FIELD);
  const [keyword, setKeyword] = useState('');
  const [matchMode, setMatchMode] = useState<string>(DEFAULT_MATCH_MODE);
  const [isEmpty, setIsEmpty] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!keyword.trim()) {
      setIsEmpty(true);
      return;
    }
    void navigate(buildSearchUrl(field, keyword, matchMode));
  };
  return (
    <form role="search" className="of-search" onSubmit={onSubmit} aria-label={t('search.label')} noValidate>
      <div className="of-search-row">
        <NativeSelect
          className="of-search-scope"
          label={t('search.scope')}
          value={field}
          onChange={setField}
          options={SEARCH_SCOPES.map((scope) => [scope.field, t(`scopes.${scope.key}`)])}
        />
        <label htmlFor={inputId} className="of-visually-hidden">
          {t('search.input')}
        </label>
        <input
          id={inputId}
          className="of-search-input"
          type="search"
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            if (e.target.value.trim()) setIsEmpty(false);
          }}
          placeholder={t('search.placeholder')}
          aria-invalid={isEmpty || undefined}
          aria-describedby={hintId}
          enterKeyHint="search"
          autoComplete="off"
          maxLength={500}
        />
        <NativeSelect
          className="of-search-scope"
          label={ts('box.matchMode')}
          value={matchMode}
          onChange={setMatchMode}
          options={MATCH_MODE_OPTIONS.map((mode) => [mode, ts(`matchModes.${mode}`)])}
        />
        <button className="of-search-submit" type="submit">
          <SearchIcon />
          <span>{t('search.submit')}</span>
        </button>
      </div>
      <p id={hintId} className="of-search-hint" aria-live="polite">
        {isEmpty ? t('search.empty') : ''}
      </p>
    </form>
  );
}
