import type { SearchRecord } from '@openfind/contract';
import { capAnswer, ROW_CAPS } from '../../lib/answer-caps.js';
import { originalScriptOf } from '../catalogue/original-script.js';
import type { RecordRow } from './search-repository.js';

/**
 * Title, author and publisher in the original script when the record has them (MARC 880), with
 * the romanised forms beside them; as catalogued otherwise (see the contract's SearchRecord).
 */
function displayForms(r: RecordRow) {
  const forms = originalScriptOf(r);
  const author =
    forms?.responsibility ?? (forms?.names.length ? forms.names.map((n) => n.vernacular).join('; ') : null);
  const pick = (original: string | null | undefined, romanized: string | null) =>
    original && original !== romanized ? { shown: original, romanized } : { shown: romanized, romanized: null };
  const title = pick(forms?.title, r.title);
  const byline = pick(author, r.author || null);
  const publisher = pick(forms?.publisher, r.publisher);
  const original = title.romanized !== null || byline.romanized !== null || publisher.romanized !== null;
  return {
    title: title.shown ?? r.title,
    titleRomanized: title.romanized,
    author: byline.shown,
    authorRomanized: byline.romanized,
    publisher: publisher.shown,
    publisherRomanized: publisher.romanized,
    originalLang: original ? (forms?.lang ?? null) : null,
  };
}

/** A record as a result list shows it (the real API's field names). */
export function presentRecord(r: RecordRow, docNames: Map<string, string>): SearchRecord {
  return capAnswer(presentRow(r, docNames), ROW_CAPS);
}

function presentRow(r: RecordRow, docNames: Map<string, string>): SearchRecord {
  const callNo = r.call_numbers.length ? r.call_numbers : r.item_call_no ? [r.item_call_no] : [];
  return {
    recordId: r.record_id,
    ...displayForms(r),
    publishYear: r.publish_year,
    isbn: r.isbns[0] ?? null,
    isbns: r.isbns,
    issn: r.issn,
    langCode: r.lang_code,
    countryCode: r.country_code,
    docCode: /^\d{1,9}$/.test(r.doc_code) ? Number(r.doc_code) : r.doc_code,
    docName: docNames.get(r.doc_code) ?? null,
    adstract: r.abstract,
    subjectWord: r.subjects.length ? r.subjects.join('; ') : null,
    chiClassNo: r.clc_classes,
    callNo,
    callNoOne: callNo[0] ?? null,
    physicalCount: r.physical_count,
    onShelfCountI: r.on_shelf_items,
    canBrrowCountI: r.on_shelf_count,
    eCount: r.e_count,
    dCount: 0,
    discode1: r.discode1,
    price: r.price,
    pic: null,
    inDate: r.first_in_date,
    avgScore: r.avg_score,
    myFav: false,
    groupRecordIds: [{ recordId: r.record_id, mdLevel: null }],
    loanCount: r.loan_count,
  };
}
