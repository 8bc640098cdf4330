import { subfieldValue } from '../model/marc-record.js';
import type { DataField, MarcRecord } from '../model/marc-record.js';

/** 880 alternate-graphic-representation fields paired with the fields they transliterate. */
export interface VernacularLinks {
  /** The 880 paired with `field` (by $6 tag and occurrence), if any. */
  vernacularOf(field: DataField): DataField | undefined;
  /** 880s that pair with no field: unlinked ("-00"), orphaned, or without $6. Keyed by the tag they stand for ("" when unknown). */
  unpaired: { tag: string; field: DataField }[];
}

const LINKAGE = /^(\d{3})-(\d{2,})/;

/**
 * The script code of an 880's $6 ("245-02/$1" → '$1', "100-01/(2/r" → '(2'): '$1' CJK, '(2'
 * Hebrew, '(3' Arabic, '(N' Cyrillic, '(S' Greek, '(B' Latin; '' when the $6 names none.
 */
export function linkageScript(field: DataField): string {
  const value = subfieldValue(field, '6') ?? '';
  return /^\d{3}-\d{2,}\/([^/]+)/.exec(value.trim())?.[1]?.trim() ?? '';
}

/** Reads $6 "245-01/$1" (or "880-01") into tag and occurrence. */
function readLinkage(field: DataField): { tag: string; occurrence: string } | undefined {
  const value = subfieldValue(field, '6');
  const match = value ? LINKAGE.exec(value.trim()) : null;
  return match?.[1] && match[2] ? { tag: match[1], occurrence: match[2] } : undefined;
}

/**
 * Pairs 880s with their romanised fields through $6 (tag + occurrence number), tolerating 880s
 * without $6, without the script code, or whose partner is missing.
 */
export function linkVernacular(record: MarcRecord): VernacularLinks {
  const byKey = new Map<string, DataField>();
  const pairedFields = new Map<DataField, DataField>();
  const unpaired: { tag: string; field: DataField }[] = [];
  const alternates = record.dataFields('880');
  for (const field of alternates) {
    const link = readLinkage(field);
    if (link && link.occurrence !== '00' && !/^0+$/.test(link.occurrence))
      byKey.set(`${link.tag}-${link.occurrence}`, field);
  }
  const used = new Set<DataField>();
  if (byKey.size > 0) {
    for (const field of record.fields) {
      if (!('subfields' in field) || field.tag === '880') continue;
      const link = readLinkage(field);
      if (!link || link.tag !== '880') continue;
      const partner = byKey.get(`${field.tag}-${link.occurrence}`);
      if (partner && !used.has(partner)) {
        pairedFields.set(field, partner);
        used.add(partner);
      }
    }
  }
  for (const field of alternates) {
    if (used.has(field)) continue;
    unpaired.push({ tag: readLinkage(field)?.tag ?? '', field });
  }
  return { vernacularOf: (field) => pairedFields.get(field), unpaired };
}
