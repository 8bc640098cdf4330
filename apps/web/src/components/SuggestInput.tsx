import { useId, useState } from 'react';
import type { InputHTMLAttributes, KeyboardEvent, ReactNode } from 'react';

export type Suggestion = { value: string; label: ReactNode };

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onSelect' | 'role'> & {
  value: string;
  onChange: (value: string) => void;
  /** A suggestion chosen (click, or Enter on the highlighted one). */
  onSelect: (value: string) => void;
  suggestions: readonly Suggestion[];
  className?: string;
};

/**
 * A text box with suggestions as you type: the WAI-ARIA combobox with a list box (arrow keys move
 * through the suggestions, Enter takes one, Escape closes the list, Enter without one submits the
 * form). Plain React, so the results page paints its search bar without Ant Design (issue 31).
 */
export function SuggestInput({
  value,
  onChange,
  onSelect,
  suggestions,
  className,
  onKeyDown,
  onBlur,
  ...input
}: Props) {
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const isShown = isOpen && suggestions.length > 0;
  const highlighted = isShown && active >= 0 && active < suggestions.length ? active : -1;
  const optionId = (i: number) => `${listId}-${i}`;
  const choose = (i: number) => {
    const chosen = suggestions[i];
    if (!chosen) return;
    setIsOpen(false);
    setActive(-1);
    onSelect(chosen.value);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!count) return;
      event.preventDefault();
      setIsOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (!isShown || i < 0 ? (step > 0 ? 0 : count - 1) : (i + step + count) % count));
    } else if (event.key === 'Enter' && highlighted >= 0) {
      event.preventDefault();
      choose(highlighted);
    } else if (event.key === 'Escape' && isShown) {
      event.preventDefault();
      setIsOpen(false);
      setActive(-1);
    }
  };
  return (
    <div className={className ? `of-suggest ${className}` : 'of-suggest'}>
      <input
        {...input}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isShown}
        aria-controls={listId}
        aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
        autoComplete="off"
        className="of-suggest-input"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setIsOpen(true);
          setActive(-1);
        }}
        onKeyDown={keyDown}
        onBlur={(e) => {
          onBlur?.(e);
          setIsOpen(false);
          setActive(-1);
        }}
      />
      <ul id={listId} role="listbox" className="of-suggest-list" hidden={!isShown}>
        {isShown
          ? suggestions.map((s, i) => (
              <li
                key={s.value}
                id={optionId(i)}
                role="option"
                aria-selected={i === highlighted}
                className={i === highlighted ? 'of-suggest-option of-suggest-option--active' : 'of-suggest-option'}
                // Keeps the focus in the box (a blur would close the list before the click lands).
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(i)}
              >
                {s.label}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
