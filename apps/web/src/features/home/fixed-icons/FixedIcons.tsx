import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { fixedIcons } from '@openfind/contract/calls';
import type { FixedIconGlyph, PublicFixedIcon } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { countElement } from '../nav-beacon';
import { homeKeys } from '../query-keys';
import './fixed-icons.css';

/** The pictures of the icons (24 × 24, stroked). */
const GLYPHS: Record<FixedIconGlyph, string> = {
  top: 'M12 19V5M5 12l7-7 7 7',
  feedback: 'M4 5h16v11H8l-4 4z',
  wechat:
    'M9 4C5 4 2 6.6 2 9.8c0 1.8 1 3.4 2.6 4.5L4 17l3-1.5c.6.2 1.3.3 2 .3M15 9c3.9 0 7 2.5 7 5.5 0 1.6-.9 3-2.3 4l.5 2.5-2.7-1.4c-.8.3-1.6.4-2.5.4-3.9 0-7-2.5-7-5.5S11.1 9 15 9z',
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
  mobile: 'M7 2h10v20H7zM11 18h2',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  help: 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4.5M12 18h.01M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
};

function Glyph({ glyph }: { glyph: FixedIconGlyph }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={GLYPHS[glyph]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A QR icon: a button that opens its image in a popover (Escape or a second press closes it). */
function QrIcon({ icon }: { icon: PublicFixedIcon }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="of-fixed-icon"
        aria-expanded={open}
        aria-controls={id}
        title={icon.name}
        onClick={() => {
          if (!open) countElement(`fixedIcon.${icon.glyph}`);
          setOpen(!open);
        }}
      >
        <Glyph glyph={icon.glyph} />
        <span className="of-visually-hidden">{icon.name}</span>
      </button>
      <div id={id} className="of-fixed-qr" role="dialog" aria-label={icon.name} hidden={!open}>
        <img
          src={icon.address}
          alt={t('fixedIcons.qrAlt', { name: icon.name })}
          width={140}
          height={140}
          loading="lazy"
        />
        <span className="of-fixed-qr-name">{icon.name}</span>
      </div>
    </>
  );
}

function OneIcon({ icon }: { icon: PublicFixedIcon }) {
  const count = () => countElement(`fixedIcon.${icon.glyph}`);
  if (icon.kind === 'top')
    return (
      <button
        type="button"
        className="of-fixed-icon is-top"
        title={icon.name}
        onClick={() => {
          window.scrollTo({ top: 0, behavior: 'smooth' });
          document.getElementById('main')?.focus({ preventScroll: true });
        }}
      >
        <Glyph glyph={icon.glyph} />
        <span className="of-visually-hidden">{icon.name}</span>
      </button>
    );
  if (icon.kind === 'qr') return <QrIcon icon={icon} />;
  const inner = (
    <>
      <Glyph glyph={icon.glyph} />
      <span className="of-visually-hidden">{icon.name}</span>
    </>
  );
  if (icon.address.startsWith('/') && !icon.newTab)
    return (
      <Link className="of-fixed-icon" to={icon.address} title={icon.name} onClick={count}>
        {inner}
      </Link>
    );
  return (
    <a
      className="of-fixed-icon"
      href={icon.address}
      title={icon.name}
      target="_blank"
      rel="noopener noreferrer"
      onClick={count}
    >
      {inner}
    </a>
  );
}

/** Whether the page is scrolled down more than a screen (a phone shows "back to top" only then). */
function useScrolledPastScreen(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setScrolled(window.scrollY > window.innerHeight);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  return scrolled;
}

/**
 * The institution's fixed icons (`/find/homePage/fixedIcons`) at the page's right edge, in its order;
 * on a narrow screen only "back to top", once the page is scrolled down a screen; never printed.
 */
export default function FixedIcons() {
  const { t, i18n } = useTranslation('common');
  const scrolled = useScrolledPastScreen();
  const { data } = useQuery({
    queryKey: homeKeys.fixedIcons(i18n.language),
    queryFn: ({ signal }) => api.call(fixedIcons, undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
  if (!data?.list.length) return null;
  return (
    <nav className={scrolled ? 'of-fixed-icons is-scrolled' : 'of-fixed-icons'} aria-label={t('fixedIcons.label')}>
      <ul>
        {data.list.map((icon, n) => (
          <li key={`${icon.kind}-${icon.glyph}-${n}`} className={icon.kind === 'top' ? 'is-top' : undefined}>
            <OneIcon icon={icon} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
