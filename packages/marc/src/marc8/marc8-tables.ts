import { MARC8_C1_CONTROLS, MARC8_EACC, MARC8_SINGLE_BYTE_SETS } from './tables.generated.js';

/** A single-byte graphic set indexed by the 7-bit byte value. */
export interface SingleByteSet {
  /** Escape final byte that designates this set. */
  final: number;
  /** Code point per 7-bit byte (0 = unassigned). */
  codePoints: Uint32Array;
  /** 1 where the byte is a combining mark written before its base character. */
  combining: Uint8Array;
}

/** Escape final byte of the EACC (CJK) multibyte set. */
export const EACC_FINAL = 0x31;
/** Escape final byte of Basic Latin (ASCII). */
export const ASCII_FINAL = 0x42;
/** Escape final byte of Extended Latin (ANSEL). */
export const ANSEL_FINAL = 0x45;

const singleByteSets = new Map<number, SingleByteSet>();
for (const table of MARC8_SINGLE_BYTE_SETS) {
  const codePoints = new Uint32Array(128);
  const combining = new Uint8Array(128);
  table.cells.split(' ').forEach((cell, index) => {
    codePoints[0x21 + index] = parseInt(cell, 16);
  });
  for (const byte of table.combining) combining[byte] = 1;
  singleByteSets.set(table.final, { final: table.final, codePoints, combining });
}

/** The single-byte set designated by escape final byte `final`, if MARC-8 defines one. */
export function singleByteSet(final: number): SingleByteSet | undefined {
  return singleByteSets.get(final);
}

/** Code points of the C1 control bytes (0x80-0x9F) MARC-8 defines. */
export const C1_CONTROLS: ReadonlyMap<number, number> = new Map(MARC8_C1_CONTROLS.map(([byte, cp]) => [byte, cp]));

let eaccMap: Map<number, number> | undefined;

/** The EACC table (3-byte code as a 24-bit number → code point), built on first use. */
export function eaccTable(): Map<number, number> {
  if (eaccMap) return eaccMap;
  const map = new Map<number, number>();
  for (const line of MARC8_EACC) {
    for (const entry of line.split(' ')) map.set(parseInt(entry.slice(0, 6), 16), parseInt(entry.slice(6), 16));
  }
  eaccMap = map;
  return map;
}
