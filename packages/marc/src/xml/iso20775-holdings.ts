import type { Holding } from '../model/bib-record.js';

/** A minimal element tree, enough for the small ISO 20775 holdings documents. */
export interface XmlElement {
  /** Local name (namespace prefix removed). */
  name: string;
  /** Child elements in order. */
  children: XmlElement[];
  /** Concatenated text directly inside the element, trimmed. */
  text: string;
}

function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((candidate) => candidate.name === name);
}

function descendants(element: XmlElement, name: string, found: XmlElement[] = []): XmlElement[] {
  for (const candidate of element.children) {
    if (candidate.name === name) found.push(candidate);
    else descendants(candidate, name, found);
  }
  return found;
}

function textOf(element: XmlElement | undefined, path: string[]): string | undefined {
  let current = element;
  for (const name of path) current = current ? child(current, name) : undefined;
  const text = current?.text.trim();
  return text ? text : undefined;
}

/** ISO 20775 availabilityStatus codes (1 available, 2 on loan, ...) as words. */
const AVAILABILITY: Record<string, string> = {
  '0': 'unknown',
  '1': 'available',
  '2': 'not available',
  '3': 'on loan',
  '4': 'on order',
};

function copyHolding(copy: XmlElement, holding: XmlElement): Holding {
  const result: Holding = {};
  const barcode = textOf(copy, ['pieceIdentifier', 'value']);
  const callNumber = textOf(copy, ['shelfLocator']) ?? textOf(holding, ['shelfLocator']);
  const library = textOf(holding, ['physicalLocation']);
  const location = textOf(copy, ['sublocation']) ?? textOf(holding, ['sublocation']);
  const status = textOf(copy, ['availabilityInformation', 'status', 'availabilityStatus']);
  const volume = textOf(copy, ['enumerationAndChronology', 'text']);
  const policy = textOf(copy, ['availabilityInformation', 'policy']);
  if (barcode) result.barcode = barcode;
  if (callNumber) result.callNumber = callNumber;
  if (library) result.library = library;
  if (location) result.location = location;
  if (status) result.status = AVAILABILITY[status] ?? status;
  if (volume) result.volume = volume;
  if (policy) result.circAttr = policy;
  return result;
}

/** Identifiers, copies and availability from one ISO 20775 `<holdings>` element. */
export function holdingsFromIso20775(holdings: XmlElement): { resourceIds: string[]; holdings: Holding[] } {
  const resourceIds = (
    child(holdings, 'resource') ? descendants(child(holdings, 'resource') as XmlElement, 'value') : []
  )
    .map((value) => value.text.trim())
    .filter(Boolean);
  const result: Holding[] = [];
  for (const holding of holdings.children.filter((candidate) => candidate.name === 'holding')) {
    const copies = [...descendants(holding, 'copyInformation'), ...descendants(holding, 'component')];
    if (copies.length === 0) {
      const summary = copyHolding(holding, holding);
      if (Object.keys(summary).length > 0) result.push(summary);
    }
    for (const copy of copies) result.push(copyHolding(copy, holding));
  }
  return { resourceIds, holdings: result };
}
