import { elementClick, navClick } from '@openfind/contract/calls';
import { HOME_MENU_ID_PATTERN, Header } from '@openfind/contract';
import type { HomeElementKind } from '@openfind/contract';
import { apiAddress, requestContext } from '../../lib/api-client';

/**
 * Sends a count without waiting for it and without delaying the navigation it accompanies: a POST
 * with `keepalive` (it outlives the page it leaves), carrying the institution's headers, which
 * `navigator.sendBeacon` cannot set; `sendBeacon` only where keepalive fetches are missing, for the
 * default institution. Failures are ignored: a lost count is not the reader's concern.
 */
function beacon(path: string, body: unknown): void {
  const { mappingPath, groupCode, lang } = requestContext();
  const url = apiAddress(path);
  const json = JSON.stringify(body);
  try {
    if (typeof fetch === 'function' && 'keepalive' in Request.prototype) {
      const headers: Record<string, string> = { 'content-type': 'application/json', [Header.lang]: lang };
      if (mappingPath) headers[Header.mappingPath] = encodeURIComponent(mappingPath);
      if (groupCode) headers[Header.groupCode] = groupCode;
      void fetch(url, { method: 'POST', body: json, headers, keepalive: true, credentials: 'same-origin' }).catch(
        () => undefined,
      );
    } else if (!mappingPath && typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }));
    }
  } catch {
    // Counting never stands in the reader's way.
  }
}

/** Counts a click (download, visit) of a page element: `quickLink.databases`, `fixedIcon.top`. */
export function countElement(element: string, kind: HomeElementKind = 'click', ref = ''): void {
  beacon(elementClick.path, ref ? { element, kind, ref } : { element, kind });
}

/** Counts a use of a menu entry: its id, or the site path it opens. */
export function countNavClick(menuId: string, path: string): void {
  beacon(navClick.path, HOME_MENU_ID_PATTERN.test(menuId) ? { menuId } : { path });
}
