/** Shown in place of any configured image (a cover, the logo) that fails to load; in apps/web/public. */
export const FALLBACK_IMAGE_URL = '/image-fallback.svg';
