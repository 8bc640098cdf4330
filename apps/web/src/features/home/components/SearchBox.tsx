import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/icons';
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
  const modeId = useId();
  const [isEmpty, setIsEmpty] = useState(false);
  const scopeId = useId();
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
        <label htmlFor={scopeId} className="of-visually-hidden">
          {t('search.scope')}
        </label>
        <select id={scopeId} className="of-search-scope" value={field} onChange={(e) => setField(e.target.value)}>
          {SEARCH_SCOPES.map((scope) => (
            <option key={scope.key} value={scope.field}>
              {t(`scopes.${scope.key}`)}
            </option>
          ))}
        </select>
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
        <label htmlFor={modeId} className="of-visually-hidden">
          {ts('box.matchMode')}
        </label>
        <select
          id={modeId}
          className="of-search-scope of-search-mode"
          value={matchMode}
          onChange={(e) => setMatchMode(e.target.value)}
        >
          {MATCH_MODE_OPTIONS.map((mode) => (
            <option key={mode} value={mode}>
              {ts(`matchModes.${mode}`)}
            </option>
          ))}
        </select>
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
