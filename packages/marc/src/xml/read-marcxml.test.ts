import { describe, expect, it } from 'vitest';
import type { ReadOk, ReadReject, ReadResult } from '../model/read-result.js';
import { readMarcXml } from './read-marcxml.js';

async function readXml(xml: string, chunkSize = 50): Promise<ReadResult[]> {
  const bytes = new TextEncoder().encode(xml);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const results: ReadResult[] = [];
  for await (const result of readMarcXml(chunks, { file: 'test.xml' })) results.push(result);
  return results;
}
const ok = (result: ReadResult | undefined): ReadOk => {
  if (!result?.ok) throw new Error(`expected a record, got ${result ? result.reason : 'nothing'}`);
  return result;
};
const rejected = (result: ReadResult | undefined): ReadReject => {
  if (!result || result.ok) throw new Error('expected a rejection');
  return result;
};

const record = (title: string, leader = '<leader>00000nam a2200000 a 4500</leader>'): string =>
  `<record>${leader}<controlfield tag="001">${title}</controlfield><datafield tag="245" ind1="1" ind2="0"><subfield code="a">${title}</subfield></datafield></record>`;

describe('readMarcXml', () => {
  it('reads a MARC21/slim collection with a namespace prefix', async () => {
    const xml = `<?xml version="1.0"?><marc:collection xmlns:marc="http://www.loc.gov/MARC21/slim">${record('One').replace(/<(\/?)/g, '<$1marc:')}</marc:collection>`;
    expect((await readXml(xml)).map((r) => ok(r).bib.title)).toEqual(['One']);
  });

  it('reads single-quoted attributes and numeric character references', async () => {
    const xml = `<collection><record><datafield tag='245' ind1='1' ind2='0'><subfield code='a'>&#x4E2D;&#25991; &amp; caf&#xE9;</subfield></datafield></record></collection>`;
    const result = ok((await readXml(xml))[0]);
    expect(result.bib.title).toBe('中文 & café');
    expect(result.warnings).toContain('record has no <leader>; a default book leader was used');
  });

  it('reads several root <record>s (not well-formed) with a warning, line numbers kept', async () => {
    const xml = `${record('A')}\n${record('B')}\n${record('C')}\n`;
    const results = await readXml(xml);
    expect(results.map((r) => ok(r).bib.title)).toEqual(['A', 'B', 'C']);
    expect(ok(results[1]).warnings.join(' ')).toMatch(/not well-formed/);
    expect(results[2]?.source.line).toBe(3);
  });

  it('returns the records before a syntax fault, then names file, line and column', async () => {
    const xml = `<collection>\n${record('A')}\n${record('B')}\n<record><leader>x</leader><datafield tag="245"></record>\n${record('D')}</collection>`;
    const results = await readXml(xml);
    expect(results.slice(0, 2).map((r) => ok(r).bib.title)).toEqual(['A', 'B']);
    const fault = rejected(results[2]);
    expect(fault.reason).toMatch(/^XML syntax error in test\.xml at line 4, column \d+: /);
    expect(results).toHaveLength(3);
  });

  it('unwraps SRU responses and ignores leader/09 (XML is Unicode), reading "-" leaders as blanks', async () => {
    const marc = `<record xmlns="http://www.nlc.cn/"><leader>01576nam0-2200409---4500</leader><controlfield tag="001">990002</controlfield><datafield tag="100" ind1=" " ind2=" "><subfield code="a">20020204d1994    em y0chiy0120    ea</subfield></datafield><datafield tag="200" ind1="1" ind2=" "><subfield code="a">中国发展报告</subfield><subfield code="A">Zhong Guo Fa Zhan Bao Gao</subfield></datafield><datafield tag="690" ind1=" " ind2=" "><subfield code="a">F124</subfield></datafield></record>`;
    const xml = `<searchRetrieveResponse xmlns="http://www.loc.gov/zing/srw/"><records><record><recordSchema>cnmarcxml</recordSchema><recordData>${marc}</recordData><recordPosition>1</recordPosition></record></records></searchRetrieveResponse>`;
    const results = await readXml(xml);
    expect(results).toHaveLength(1);
    const result = ok(results[0]);
    expect(result.record?.leader).toBe('01576nam0 2200409   4500');
    expect(result.record?.flavour).toBe('unimarc');
    expect(result.bib.clc).toEqual(['F124']);
    expect(result.bib.allText).toContain('Zhong Guo Fa Zhan Bao Gao');
  });

  it('reads ISO 20775 holdings as holdings, not MARC', async () => {
    const xml = `<searchRetrieveResponse><records><record><recordSchema>isohold</recordSchema><recordData><holdings xmlns="http://www.loc.gov/standards/iso20775/"><holding><physicalLocation>总馆</physicalLocation><holdingSimple><copyInformation><pieceIdentifier><value>N001</value></pieceIdentifier><sublocation>BCPSA</sublocation><shelfLocator>F124 26</shelfLocator><availabilityInformation><status><availabilityStatus>1</availabilityStatus></status></availabilityInformation></copyInformation></holdingSimple></holding></holdings></recordData><recordIdentifier>990002</recordIdentifier></record><record><recordSchema>isohold</recordSchema><recordData/><recordIdentifier>990003</recordIdentifier></record></records></searchRetrieveResponse>`;
    const results = await readXml(xml);
    const first = ok(results[0]);
    expect(first.record).toBeNull();
    expect(first.bib.recordKind).toBe('holdings');
    expect(first.bib.linkedRecordId).toBe('990002');
    expect(first.bib.holdings).toEqual([
      { barcode: 'N001', callNumber: 'F124 26', library: '总馆', location: 'BCPSA', status: 'available' },
    ]);
    expect(ok(results[1]).bib.holdings).toEqual([]);
  });
});
