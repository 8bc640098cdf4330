export { SiteConfigGate } from './components/SiteConfigGate';
export { SiteEffects } from './components/SiteEffects';
export { SiteLogo } from './components/SiteLogo';
export { useConfig } from './site-config-context';
export { siteConfigQueryOptions, useSiteConfig } from './api/get-site-config';
export { logoQueryOptions, useLogo } from './api/get-logo';
export { institutionQueryOptions, useInstitution } from './api/get-institution';
export { libraryListQueryOptions, useLibraryList } from './api/get-library-list';
export { DEFAULT_LOGO_URL, DEFAULT_ICON_URL, fontFamily } from './site-assets';
