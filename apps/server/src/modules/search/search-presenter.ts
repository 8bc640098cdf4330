import type { SearchRecord } from '@openfind/contract';
import { capAnswer, ROW_CAPS } from '../../lib/answer-caps.js';
import type { RecordRow } from './search-repository.js';

/** A record as a result list shows it (the real API's field names). */
export function presentRecord(r: RecordRow, docNames: Map<string, string>): SearchRecord {
  return capAnswer(presentRow(r, docNames), ROW_CAPS);
}

function presentRow(r: RecordRow, docNames: Map<string, string>): SearchRecord {
  const callNo = r.call_numbers.length ? r.call_numbers : r.item_call_no ? [r.item_call_no] : [];
  return {
    recordId: r.record_id,
    title: r.title,
    author: r.author || null,
    publisher: r.publisher,
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
