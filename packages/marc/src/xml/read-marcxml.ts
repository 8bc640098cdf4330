import { SaxesParser } from 'saxes';
import type { SaxesTag } from 'saxes';
import { toNfc } from '../encoding/field-decoder.js';
import { textPieces } from '../encoding/text-pieces.js';
import { detectFlavour } from '../flavour/detect-flavour.js';
import { mapRecord } from '../map/map-record.js';
import { newBibRecord } from '../map/new-bib-record.js';
import { finishBibRecord } from '../map/finish-bib-record.js';
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
          builder.fields.push({ tag: currentControlTag || '???', value });
          builder.hasMarcContent = true;
        }
        currentControlTag = undefined;
        return;
      case 'subfield':
        if (currentField && currentSubfieldCode !== undefined) {
          currentField.subfields.push({ code: currentSubfieldCode || '?', value });
        }
        currentSubfieldCode = undefined;
        return;
      case 'datafield':
        if (builder && currentField) {
          builder.fields.push(currentField);
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
        if (builder.hasMarcContent) {
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
      buffer += textChunk;
      parser.write(textChunk);
      if (stack.length === 0 && holdingsStack.length === 0) {
        // Outside any record nothing needs keeping for a reject file.
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
