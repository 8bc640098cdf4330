import { describe, expect, it } from 'vitest';
import { fileNameOf } from './file-name';

describe('fileNameOf', () => {
  it("takes the server's name of an attachment", () => {
    expect(fileNameOf('attachment; filename="openfind-my-data-2026-11-28.json"', 'x.json')).toBe(
      'openfind-my-data-2026-11-28.json',
    );
  });
  it('falls back without a name, or with one that names a path', () => {
    expect(fileNameOf(null, 'my-data.json')).toBe('my-data.json');
    expect(fileNameOf('attachment', 'my-data.json')).toBe('my-data.json');
    expect(fileNameOf('attachment; filename="../x.json"', 'my-data.json')).toBe('my-data.json');
  });
});
