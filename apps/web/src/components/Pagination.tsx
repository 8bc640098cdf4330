import { useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  current: number;
  pageSize: number;
  /** Records that can be paged through. */
  total: number;
  /** The URL of a page: each page is a real link (crawlers and "open in a new tab" follow it). */
  hrefOf: (page: number) => string;
  onChange: (page: number) => void;
  /** The navigation landmark's name. */
  label: string;
};

/**
 * Page numbers: previous, the first and last pages, the pages around the current one with a gap
 * between, next, and a box to go to a page. Plain links and a form, so the results page paints it
 * without Ant Design (issue 31); a plain click pages in place, a modified one opens the link.
 */
export function Pagination({ current, pageSize, total, hrefOf, onChange, label }: Props) {
  const { t } = useTranslation();
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  const go = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onChange(page);
  };
  return (
    <nav className="of-pager" aria-label={label}>
      <ul className="of-pager-list">
        <li>
          <PageStep direction="previous" page={current > 1 ? current - 1 : null} hrefOf={hrefOf} go={go} />
        </li>
        {pageItems(current, last).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="of-pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <a
                className={item === current ? 'of-pager-page of-pager-page--current' : 'of-pager-page'}
                href={hrefOf(item)}
                onClick={go(item)}
                aria-current={item === current ? 'page' : undefined}
                aria-label={t('pager.page', { page: item })}
              >
                {item}
              </a>
            </li>
          ),
        )}
        <li>
          <PageStep direction="next" page={current < last ? current + 1 : null} hrefOf={hrefOf} go={go} />
        </li>
      </ul>
      <PageJumper last={last} onChange={onChange} />
    </nav>
  );
}

type StepProps = {
  direction: 'previous' | 'next';
  /** The page it leads to; none on the first (last) page. */
  page: number | null;
  hrefOf: (page: number) => string;
  go: (page: number) => (event: MouseEvent<HTMLAnchorElement>) => void;
};

/**
 * "Previous" or "next": a link to that page, or a disabled mark at either end; an arrow and the word
 * (on a phone the word is read out only).
 */
function PageStep({ direction, page, hrefOf, go }: StepProps) {
  const { t } = useTranslation();
  const arrow = <span aria-hidden="true">{direction === 'previous' ? '‹' : '›'}</span>;
  const word = <span className="of-pager-step-text">{t(`pager.${direction}`)}</span>;
  const content =
    direction === 'previous' ? (
      <>
        {arrow}
        {word}
      </>
    ) : (
      <>
        {word}
        {arrow}
      </>
    );
  if (page === null)
    return (
      <span className="of-pager-step of-pager-step--off" aria-disabled="true">
        {content}
      </span>
    );
  return (
    <a
      className="of-pager-step"
      href={hrefOf(page)}
      onClick={go(page)}
      rel={direction === 'previous' ? 'prev' : 'next'}
    >
      {content}
    </a>
  );
}

/** "Go to page": a number from 1 to the last page, on Enter or the button. */
function PageJumper({ last, onChange }: { last: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  return (
    <form
      className="of-pager-jump"
      onSubmit={(event) => {
        event.preventDefault();
        const page = Number(typed.trim());
        if (!Number.isInteger(page) || page < 1) return;
        setTyped('');
        onChange(Math.min(page, last));
      }}
    >
      <label>
        {t('pager.goTo')}
        <input
          className="of-pager-input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          value={typed}
          onChange={(e) => setTyped(e.target.value.replace(/\D/g, '').slice(0, 6))}
          aria-label={t('pager.goToLabel', { last })}
        />
      </label>
    </form>
  );
}

/**
 * The page numbers shown: all of them up to seven; else the first, the last, the current one with
 * its neighbours, and a gap where pages are left out (three pages at either end stay together).
 */
export function pageItems(current: number, last: number): Array<number | 'gap'> {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  let from = Math.max(2, Math.min(current - 1, last - 3));
  let to = Math.min(last - 1, Math.max(current + 1, 4));
  // A gap stands for two pages or more: one page left out is shown instead.
  if (from === 3) from = 2;
  if (to === last - 2) to = last - 1;
  const items: Array<number | 'gap'> = [1];
  if (from > 2) items.push('gap');
  for (let page = from; page <= to; page++) items.push(page);
  if (to < last - 1) items.push('gap');
  items.push(last);
  return items;
}
