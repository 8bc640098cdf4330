/** The file name a download's `Content-Disposition` gives (`filename="…"`), or `fallback` when none. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const m = /filename="([^"/\\]+)"/.exec(disposition ?? '');
  return m?.[1] ?? fallback;
}
