import { Buffer } from 'node:buffer';
import { SaxesParser } from 'saxes';
import type { SaxesTag } from 'saxes';
import { toNfc } from '../encoding/field-decoder.js';
import { textPieces } from '../encoding/text-pieces.js';
import { detectFlavour } from '../flavour/detect-flavour.js';
import { mapRecord } from '../map/map-record.js';
import { newBibRecord } from '../map/new-bib-record.js';
import { finishBibRecord } from '../map/finish-bib-record.js';
import { MAX_FIELD_BYTES, MAX_RECORD_BYTES, fieldBytes, fieldTooLarge, recordTooLarge } from '../model/limits.js';
import { MarcRecord } from '../model/marc-record.js';
import type { DataField, MarcField } from '../model/marc-record.js';
import type { ReadResult } from '../model/read-result.js';
import { holdingsFromIso20775 } from './iso20775-holdings.js';
import type { XmlElement } from './iso20775-holdings.js';

/** Options for reading MARCXML. */
export interface ReadMarcXmlOptions {
  /** File name (or label) recorded in every result's source and in syntax-error messages. */
  file: string;
}

/** Leader used when a record has none: a book, MARC21 default positions. */
const DEFAULT_LEADER = '00000nam a2200000   4500';

interface RecordBuilder {
  line: number;
  startOffset: number;
  leader?: string;
  fields: MarcField[];
  hasMarcContent: boolean;
  isRoot: boolean;
  isSruWrapper: boolean;
  hadMarcRecord: boolean;
  holdings?: XmlElement;
  identifier?: string;
  schema?: string;
  warnings: string[];
  /** Bytes of its fields so far, as ISO 2709 would store them. */
  bytes: number;
  /** Why it is over a size limit: its fields are no longer kept, and it comes back as a reject. */
  tooLarge?: string;
  /** The record's first characters, kept for the reject report once it is over a limit. */
  rawStart?: string;
}

/** Characters of an over-size record kept for the reject report. */
const KEPT_RAW_CHARS = 4096;

/**
 * Longest run of characters between two "<" handed to the XML parser: the parser builds a text
 * node whole before it reports it, so a 50 MB field would be a 50 MB string. Past this, the middle
 * of the run is counted and dropped (its start and end are kept, so the XML stays well-formed) and
 * the record is rejected. Eight characters a byte leave room for entities (`&#x4E00;` for 3 bytes):
 * a field within {@link MAX_FIELD_BYTES} never reaches it; the exact check is made on the value.
 */
const MAX_RUN_CHARS = 8 * MAX_FIELD_BYTES;

/** Characters kept from the end of a cut run: the closing `]]>`, `-->` or `"/>` that may stand before the next "<". */
const RUN_TAIL_CHARS = 64;

/** Marks where a run was cut, among the text pieces given to the parser: the run's full length. */
interface RunCut {
  cut: number;
}

/**
 * Cuts over-long runs of characters between two "<" (see {@link MAX_RUN_CHARS}), across pieces:
 * returns the text to parse, with a {@link RunCut} where the middle of a run was left out.
 */
class RunLimiter {
  private run = 0;
  private dropping = false;
  private tail = '';

  limit(text: string): Array<string | RunCut> {
    const out: Array<string | RunCut> = [];
    let kept = '';
    let at = 0;
    while (at < text.length) {
      const lt = text.indexOf('<', at);
      const piece = text.slice(at, lt < 0 ? text.length : lt);
      if (this.dropping) {
        this.tail = (this.tail + piece.slice(-RUN_TAIL_CHARS)).slice(-RUN_TAIL_CHARS);
      } else if (this.run + piece.length <= MAX_RUN_CHARS) {
        kept += piece;
      } else {
        let start = piece.slice(0, MAX_RUN_CHARS - this.run);
        // Never end inside an entity or between the halves of a surrogate pair.
        const amp = start.lastIndexOf('&');
        if (amp >= 0 && !start.includes(';', amp)) start = start.slice(0, amp);
        if (/[\uD800-\uDBFF]$/.test(start)) start = start.slice(0, -1);
        kept += start;
        this.dropping = true;
        this.tail = piece.slice(start.length).slice(-RUN_TAIL_CHARS);
      }
      this.run += piece.length;
      if (lt < 0) break;
      if (this.dropping) {
        // The end of the run, from a point outside any entity and surrogate pair.
        let tail = this.tail;
        const semicolon = tail.indexOf(';');
        const amp = tail.indexOf('&');
        if (semicolon >= 0 && (amp < 0 || semicolon < amp)) tail = tail.slice(semicolon + 1);
        tail = tail.replace(/^[\uDC00-\uDFFF]/, '');
        out.push(kept, { cut: this.run });
        kept = tail;
        this.dropping = false;
        this.tail = '';
      }
      this.run = 0;
      kept += '<';
      at = lt + 1;
    }
    if (kept) out.push(kept);
    return out;
  }
}

/** An attribute's value whether or not the parser resolved namespaces. */
function attribute(tag: SaxesTag, name: string): string | undefined {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : value?.value;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Normalises a leader: "-" and "#" for blanks (CNMARC, some exports), padded or cut to 24 characters. */
function normaliseLeader(value: string, warnings: string[]): string {
  let leader = value.replace(/[-#]/g, ' ');
  if (leader.length !== 24) {
    warnings.push(`leader has ${leader.length} characters instead of 24`);
    leader = leader.padEnd(24, ' ').slice(0, 24);
  }
  return leader;
}

/**
 * Reads MARCXML in all its real shapes: with or without namespace or prefix, `<collection>` or bare
 * `<record>`s (several roots are tolerated with a warning), SRU responses, records without a leader.
 * ISO 20775 holdings (in SRU or alone) come back as holdings results. On a real syntax fault every
 * record before it is returned, then one rejection naming file, line and column.
 */
export async function* readMarcXml(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: ReadMarcXmlOptions,
): AsyncGenerator<ReadResult> {
  const parser = new SaxesParser({ position: true, fileName: options.file });
  const queue: ReadResult[] = [];
  const stack: RecordBuilder[] = [];
  let index = 0;
  let depth = 0;
  let rootCount = 0;
  let rootWarning = false;
  let text = '';
  let buffer = '';
  let bufferStart = 0;
  let currentField: DataField | undefined;
  let fieldSize = 0;
  const limiter = new RunLimiter();
  let currentSubfieldCode: string | undefined;
  let currentControlTag: string | undefined;
  const holdingsStack: XmlElement[] = [];

  const source = (builder: { line: number }): { file: string; index: number; line: number } => ({
    file: options.file,
    index: index++,
    line: builder.line,
  });

  const emitMarc = (builder: RecordBuilder): void => {
    const warnings = [...builder.warnings];
    if (builder.isRoot) {
      warnings.push('file is not well-formed XML: this <record> is one of several root elements (no <collection>)');
    }
    let leader = builder.leader;
    if (leader === undefined) {
      warnings.push('record has no <leader>; a default book leader was used');
      leader = DEFAULT_LEADER;
    }
    const controlNumbers = builder.fields.filter((field) => field.tag === '001').length;
    if (controlNumbers > 1) warnings.push(`record has ${controlNumbers} 001 fields; the first is its control number`);
    const tags = builder.fields.map((field) => field.tag);
    const field100 = builder.fields.find((field): field is DataField => field.tag === '100' && 'subfields' in field);
    const flavour = detectFlavour(tags, field100?.subfields.find((s) => s.code === 'a')?.value);
    const record = new MarcRecord(leader, builder.fields, flavour, 'xml');
    const mapped = mapRecord(record);
    queue.push({
      ok: true,
      record,
      bib: mapped.bib,
      source: source(builder),
      warnings: [...warnings, ...mapped.warnings],
    });
  };

  /** Marks the record over a limit: its fields go, its start is kept for the reject report. */
  const markTooLarge = (builder: RecordBuilder, reason: string): void => {
    if (builder.tooLarge) return;
    builder.tooLarge = reason;
    builder.fields = [];
    builder.rawStart = buffer.slice(Math.max(0, builder.startOffset - bufferStart)).slice(0, KEPT_RAW_CHARS);
  };

  /** Adds a field to the record unless it breaks a size limit. */
  const addField = (builder: RecordBuilder, field: MarcField): void => {
    if (builder.tooLarge) return;
    const size = fieldBytes(field);
    builder.bytes += 12 + size;
    if (size > MAX_FIELD_BYTES) markTooLarge(builder, fieldTooLarge(`field ${field.tag}`, size));
    else if (builder.bytes > MAX_RECORD_BYTES) markTooLarge(builder, recordTooLarge(`over ${builder.bytes}`));
    else builder.fields.push(field);
  };

  const emitHoldings = (element: XmlElement, builder: { line: number }, identifier: string | undefined): void => {
    const parsed = holdingsFromIso20775(element);
    const bib = newBibRecord(null);
    bib.recordKind = 'holdings';
    bib.docCode = '';
    bib.holdings = parsed.holdings;
    const id = identifier ?? parsed.resourceIds[0];
    if (id) {
      bib.linkedRecordId = id;
      bib.identity.controlNumber = id;
      bib.identity.systemNumbers = [id];
    }
    for (const holding of parsed.holdings)
      if (holding.callNumber && !bib.callNumbers.includes(holding.callNumber)) bib.callNumbers.push(holding.callNumber);
    const warnings = parsed.holdings.length === 0 ? ['ISO 20775 holdings element lists no holding'] : [];
    queue.push({ ok: true, record: null, bib: finishBibRecord(bib), source: source(builder), warnings });
  };

  parser.on('error', (error) => {
    // Several root <record>s (no <collection>) is the one fault we read through.
    if (/only one root/.test(error.message)) return;
    throw error;
  });

  parser.on('opentag', (tag: SaxesTag) => {
    const name = localName(tag.name);
    text = '';
    depth += 1;
    if (depth === 1) rootCount += 1;
    if (holdingsStack.length > 0 || name === 'holdings') {
      const element: XmlElement = { name, children: [], text: '' };
      holdingsStack.at(-1)?.children.push(element);
      holdingsStack.push(element);
      return;
    }
    const builder = stack.at(-1);
    switch (name) {
      case 'record':
        if (stack.length === 0 && depth === 1 && rootCount > 1) rootWarning = true;
        stack.push({
          line: parser.line,
          startOffset: bufferStart + Math.max(0, buffer.lastIndexOf('<', parser.position - bufferStart - 1)),
          fields: [],
          hasMarcContent: false,
          isRoot: rootWarning && stack.length === 0 && depth === 1,
          isSruWrapper: false,
          hadMarcRecord: false,
          warnings: [],
          bytes: 24 + 2,
        });
        return;
      case 'recordData':
        if (builder) builder.isSruWrapper = true;
        return;
      case 'leader':
        return;
      case 'controlfield':
        currentControlTag = (attribute(tag, 'tag') ?? '').trim();
        return;
      case 'datafield':
        fieldSize = 3;
        currentField = {
          tag: (attribute(tag, 'tag') ?? '').trim(),
          ind1: (attribute(tag, 'ind1') ?? ' ').charAt(0) || ' ',
          ind2: (attribute(tag, 'ind2') ?? ' ').charAt(0) || ' ',
          subfields: [],
        };
        return;
      case 'subfield':
        currentSubfieldCode = attribute(tag, 'code') ?? '';
        return;
      default:
        return;
    }
  });

  parser.on('text', (value: string) => {
    if (stack.at(-1)?.tooLarge && holdingsStack.length === 0) return;
    text += value;
  });

  parser.on('closetag', (tag: SaxesTag) => {
    const name = localName(tag.name);
    depth -= 1;
    if (holdingsStack.length > 0) {
      const element = holdingsStack.pop();
      if (element) element.text = text.trim();
      text = '';
      if (holdingsStack.length === 0 && element) {
        const wrapper = stack.at(-1);
        if (wrapper) wrapper.holdings = element;
        else emitHoldings(element, { line: parser.line }, undefined);
      }
      return;
    }
    const builder = stack.at(-1);
    const value = toNfc(text);
    text = '';
    switch (name) {
      case 'leader':
        if (builder) {
          builder.leader = normaliseLeader(value, builder.warnings);
          builder.hasMarcContent = true;
        }
        return;
      case 'controlfield':
        if (builder && currentControlTag !== undefined) {
          addField(builder, { tag: currentControlTag || '???', value });
          builder.hasMarcContent = true;
        }
        currentControlTag = undefined;
        return;
      case 'subfield':
        if (currentField && currentSubfieldCode !== undefined && !builder?.tooLarge) {
          currentField.subfields.push({ code: currentSubfieldCode || '?', value });
          // A field of many subfields is stopped as it grows, not once it is whole.
          fieldSize += 2 + Buffer.byteLength(value);
          if (builder && fieldSize > MAX_FIELD_BYTES) {
            markTooLarge(builder, fieldTooLarge(`field ${currentField.tag}`, `over ${fieldSize}`));
          }
        }
        currentSubfieldCode = undefined;
        return;
      case 'datafield':
        if (builder && currentField) {
          addField(builder, currentField);
          builder.hasMarcContent = true;
        }
        currentField = undefined;
        return;
      case 'recordIdentifier':
        if (builder?.isSruWrapper) builder.identifier = value.trim();
        return;
      case 'recordSchema':
        if (builder) builder.schema = value.trim();
        return;
      case 'record': {
        stack.pop();
        const parent = stack.at(-1);
        if (!builder) return;
        if (builder.tooLarge) {
          queue.push({
            ok: false,
            reason: `<record> at line ${builder.line}: ${builder.tooLarge} (raw holds its first ${builder.rawStart?.length ?? 0} characters)`,
            raw: builder.rawStart ?? '',
            source: source(builder),
          });
          if (parent) parent.hadMarcRecord = true;
        } else if (builder.hasMarcContent) {
          emitMarc(builder);
          if (parent) parent.hadMarcRecord = true;
        } else if (builder.holdings) {
          emitHoldings(builder.holdings, builder, builder.identifier);
        } else if (builder.isSruWrapper && /hold/i.test(builder.schema ?? '')) {
          emitHoldings({ name: 'holdings', children: [], text: '' }, builder, builder.identifier);
        } else if (builder.isSruWrapper && builder.hadMarcRecord) {
          // An SRU wrapper whose MARC record was already returned.
        } else if (builder.isSruWrapper) {
          queue.push({
            ok: false,
            reason: `SRU record at line ${builder.line} holds no MARC record or holdings`,
            raw: buffer.slice(Math.max(0, builder.startOffset - bufferStart)),
            source: source(builder),
          });
        } else {
          queue.push({
            ok: false,
            reason: `<record> at line ${builder.line} has no leader, control field or data field`,
            raw: buffer.slice(Math.max(0, builder.startOffset - bufferStart)),
            source: source(builder),
          });
        }
        if (stack.length === 0) {
          buffer = buffer.slice(parser.position - bufferStart);
          bufferStart = parser.position;
        }
        return;
      }
      default:
        return;
    }
  });

  let isFirst = true;
  const feed = (textChunk: string): ReadResult | undefined => {
    try {
      for (const piece of limiter.limit(textChunk)) {
        if (typeof piece === 'string') {
          buffer += piece;
          parser.write(piece);
          continue;
        }
        // A run was cut: the text the parser holds is over any field's limit.
        const builder = stack.at(-1);
        if (builder) {
          const tag = currentField?.tag ?? currentControlTag;
          const name = tag === undefined ? 'a text run' : `field ${tag || '???'}`;
          markTooLarge(builder, fieldTooLarge(name, `about ${piece.cut}`));
        }
      }
      if (stack.length === 0 && holdingsStack.length === 0) {
        // Outside any record nothing needs keeping for a reject file.
        buffer = buffer.slice(parser.position - bufferStart);
        bufferStart = parser.position;
      } else if (stack.some((builder) => builder.tooLarge)) {
        // An over-size record's start is kept already: what it reads is not kept twice.
        buffer = buffer.slice(parser.position - bufferStart);
        bufferStart = parser.position;
      }
      return undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const open = stack[0];
      return {
        ok: false,
        reason: `XML syntax error in ${options.file} at line ${parser.line}, column ${parser.column}: ${message.replace(/^[^:]*:\d+:\d+: /, '')}${open ? ` (record starting at line ${open.line} is incomplete)` : ''}`,
        raw: buffer,
        source: { file: options.file, index: index++, line: parser.line },
      };
    }
  };

  for await (let textChunk of textPieces(chunks)) {
    if (isFirst) {
      textChunk = textChunk.replace(/^\uFEFF/, '');
      isFirst = false;
    }
    const fault = feed(textChunk);
    yield* queue.splice(0);
    if (fault) {
      yield fault;
      return;
    }
  }
  try {
    parser.close();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    yield* queue.splice(0);
    yield {
      ok: false,
      reason: `XML syntax error in ${options.file} at end of file (line ${parser.line}, column ${parser.column}): ${message.replace(/^[^:]*:\d+:\d+: /, '')}`,
      raw: buffer,
      source: { file: options.file, index: index++, line: parser.line },
    };
    return;
  }
  yield* queue.splice(0);
}
