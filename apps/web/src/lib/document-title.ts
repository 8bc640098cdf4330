let siteName = '';
let pageName = '';

function apply(): void {
  document.title = [pageName, siteName].filter(Boolean).join(' - ') || 'OpenFind';
}

/** Sets the site part of document.title (the tenant's name). */
export function setSiteTitle(name: string): void {
  siteName = name;
  apply();
}

/** Sets the page part of document.title ('' on the home page). */
export function setPageTitle(name: string): void {
  pageName = name;
  apply();
}
