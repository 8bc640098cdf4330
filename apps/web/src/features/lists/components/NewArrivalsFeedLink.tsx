import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../tenant';

/**
 * The new-arrivals Atom feed of the page's class (or all classes): a visible link for readers who
 * follow it in a feed reader, and the page's `<link rel="alternate">` for the browser and feed
 * readers that look for it (the server puts the same into the page's HTML on a first load).
 */
export function NewArrivalsFeedLink({ classNo }: { classNo: string }) {
  const { t } = useTranslation('lists');
  const { mappingPath } = useTenant();
  const href = `${mappingPath ? `/${encodeURIComponent(mappingPath)}` : ''}/feeds/new-arrivals.atom${
    classNo ? `?class=${encodeURIComponent(classNo)}` : ''
  }`;
  const title = classNo ? t('newBooks.feedOfClass', { classNo }) : t('newBooks.feed');
  useEffect(() => {
    const selector = 'link[rel="alternate"][type="application/atom+xml"]';
    const served = document.head.querySelector<HTMLLinkElement>(selector);
    const link = served ?? document.createElement('link');
    const before = served ? { href: served.getAttribute('href'), title: served.title } : undefined;
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.title = title;
    link.setAttribute('href', href);
    if (!served) document.head.appendChild(link);
    return () => {
      if (!before) link.remove();
      else {
        link.setAttribute('href', before.href ?? '');
        link.title = before.title;
      }
    };
  }, [href, title]);
  return (
    <a className="of-list-feed" href={href} type="application/atom+xml" target="_blank" rel="noopener">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <rect width="16" height="16" rx="3" fill="#c2410c" />
        <circle cx="4.5" cy="11.5" r="1.5" fill="#fff" />
        <path d="M3 7a6 6 0 0 1 6 6M3 3.5A9.5 9.5 0 0 1 12.5 13" stroke="#fff" strokeWidth="1.8" fill="none" />
      </svg>
      {title}
    </a>
  );
}
