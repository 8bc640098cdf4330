import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';

type Props = {
  /** Content of the toggle button. */
  label: ReactNode;
  /** Accessible name of the button when its content is only an icon (or needs more context). */
  ariaLabel?: string;
  title?: string;
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  /** Open the panel towards the start or the end of the button. */
  align?: 'start' | 'end';
  /** The panel's content; call close() once an entry is chosen. */
  children: (close: () => void) => ReactNode;
};

type FocusTarget = 'first' | 'last';

/**
 * A button that shows a panel of links or buttons (the WAI-ARIA disclosure navigation pattern):
 * Enter or Space toggles, arrow keys, Home and End move through the entries, Escape closes and
 * returns focus, and a click or focus outside closes it.
 */
export function DisclosureMenu({
  label,
  ariaLabel,
  title,
  className,
  buttonClassName,
  panelClassName,
  align = 'start',
  children,
}: Props) {
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const panelId = useId();

  const entries = () => [...(panelRef.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])];

  useEffect(() => {
    if (!isOpen) return undefined;
    if (pendingFocus.current) {
      const list = entries();
      (pendingFocus.current === 'first' ? list[0] : list[list.length - 1])?.focus();
      pendingFocus.current = null;
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    if (!isOpen) {
      if (event.target === buttonRef.current && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        event.preventDefault();
        pendingFocus.current = event.key === 'ArrowUp' ? 'last' : 'first';
        setOpen(true);
      }
      return;
    }
    const list = entries();
    if (!list.length) return;
    event.preventDefault();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const last = list.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowDown'
            ? at < 0
              ? 0
              : (at + 1) % list.length
            : at <= 0
              ? last
              : at - 1;
    list[next]?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (isOpen && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div
      ref={rootRef}
      className={['of-disclosure', className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={ariaLabel}
        title={title}
        onClick={() => setOpen((open) => !open)}
      >
        {label}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className={['of-disclosure-panel', align === 'end' ? 'is-end' : '', panelClassName].filter(Boolean).join(' ')}
        hidden={!isOpen}
      >
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}
