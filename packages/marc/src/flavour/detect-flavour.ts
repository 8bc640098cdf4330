import type { MarcFlavour } from '../model/marc-record.js';

/** UNIMARC 100 $a starts with an 8-digit entry date and a publication-date type letter. */
const UNIMARC_CODED_DATA = /^\d{8}[a-z][\d\-u? ]{4}/;

/**
 * Decides MARC21 or UNIMARC/CNMARC from one record's own tags (files mix them: a Taiwan CMARC record
 * can sit among MARC21 records). Title 245 and fixed field 008 say MARC21; title 200, coded data in
 * 100 $a, publication 210/214 and language 101 say UNIMARC.
 */
export function detectFlavour(tags: readonly string[], field100a: string | undefined): MarcFlavour {
  const has = (tag: string): boolean => tags.includes(tag);
  let score = 0;
  if (has('245')) score -= 4;
  if (has('008')) score -= 3;
  if (has('260') || has('264')) score -= 2;
  if (has('040')) score -= 1;
  if (has('200')) score += 3;
  if (field100a !== undefined && UNIMARC_CODED_DATA.test(field100a)) score += 3;
  if (has('101')) score += 1;
  if (has('210') || has('214')) score += 2;
  if (has('215')) score += 1;
  if (has('801')) score += 1;
  return score > 0 ? 'unimarc' : 'marc21';
}
