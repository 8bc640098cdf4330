import { describe, expect, it } from 'vitest';
import { PIECE_BYTES, textPieces } from './text-pieces.js';

async function collect(chunks: Uint8Array[], encoding?: string): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of textPieces(chunks, encoding)) pieces.push(piece);
  return pieces;
}

describe('textPieces', () => {
  it('cuts big chunks into pieces of at most PIECE_BYTES bytes without breaking characters', async () => {
    // 3-byte characters across piece and chunk boundaries: 中 is E4 B8 AD.
    const text = `a${'中文书目'.repeat(20_000)}z`;
    const bytes = new TextEncoder().encode(text);
    const chunks = [bytes.subarray(0, 65_537), bytes.subarray(65_537, 200_000), bytes.subarray(200_000)];
    const pieces = await collect(chunks);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThanOrEqual(Math.ceil(bytes.length / PIECE_BYTES));
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(PIECE_BYTES + 3);
  });

  it('flushes a character cut off at the end as a replacement character, and decodes other encodings', async () => {
    expect(await collect([new Uint8Array([0x61, 0xe4, 0xb8])])).toEqual(['a', '\uFFFD']);
    // 中文 in GBK.
    expect((await collect([new Uint8Array([0xd6, 0xd0, 0xce]), new Uint8Array([0xc4])], 'gbk')).join('')).toBe('中文');
  });
});
