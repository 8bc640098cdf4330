import type { ReactNode } from 'react';

/**
 * A value in its original script (MARC 880: 次按驟變, אנרכיזם, Война и мир) with its romanised form
 * beside it, smaller and muted. Each is an element of its own with `dir="auto"`, so that Hebrew
 * and Arabic run right to left inside the page without carrying the punctuation around them along,
 * and with its language (`lang`, and `<lang>-Latn` for the romanised form), so that the original
 * gets the script's fonts and a screen reader its voice. A value without a romanised form is shown
 * as it is.
 */
export function WithRomanized({
  original,
  romanized,
  lang,
}: {
  original: ReactNode;
  romanized: ReactNode | null | undefined;
  lang: string | null | undefined;
}) {
  if (romanized === null || romanized === undefined || romanized === '') return <>{original}</>;
  return (
    <>
      <span className="of-original" dir="auto" lang={lang ?? undefined}>
        {original}
      </span>{' '}
      <span className="of-romanized" dir="auto" lang={lang ? `${lang}-Latn` : undefined}>
        {romanized}
      </span>
    </>
  );
}
