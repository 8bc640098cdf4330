/** The site configuration's query keys (TanStack Query). */
export const siteConfigKeys = {
  all: ['site-config'] as const,
  /** The configuration itself: its key is the feature's, so it also names the logo, institution and libraries. */
  config: () => siteConfigKeys.all,
  logo: () => [...siteConfigKeys.all, 'logo'] as const,
  institution: () => [...siteConfigKeys.all, 'institution'] as const,
  libraries: () => [...siteConfigKeys.all, 'libraries'] as const,
};
