import { useEffect } from 'react';
import { setSiteTitle } from '../../../lib/document-title';
import { useLogo } from '../api/get-logo';
import { useConfig } from '../site-config-context';
import { DEFAULT_ICON_URL, fontFamily } from '../site-assets';

function setFavicon(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) {
    link.removeAttribute('type');
    link.href = href;
  }
}

/** Applies the tenant's page-wide settings: title, favicon, black-and-white mode and special font. */
export function SiteEffects({ siteName }: { siteName: string }) {
  const config = useConfig();
  const logo = useLogo();
  const iconUrl = logo.data?.iconUrl || config.iconUrl || DEFAULT_ICON_URL;

  useEffect(() => setSiteTitle(siteName), [siteName]);
  useEffect(() => setFavicon(iconUrl), [iconUrl]);
  useEffect(() => {
    // Spec §3: days of mourning grey the whole site.
    document.documentElement.style.filter = config.blackAndWhiteModel === '1' ? 'grayscale(1)' : '';
  }, [config.blackAndWhiteModel]);
  useEffect(() => {
    document.body.style.fontFamily = config.specialFont ? fontFamily(config.specialFont) : '';
  }, [config.specialFont]);
  return null;
}
