import { describe, expect, it } from 'vitest';
import { rejectReportCsv } from './reject-report';

describe('rejectReportCsv', () => {
  it('writes a BOM, a header and quoted cells where needed', () => {
    expect(
      rejectReportCsv(
        ['line', 'reason'],
        [
          [3, 'phone "12,3"'],
          [4, 'ok'],
        ],
      ),
    ).toBe('\uFEFFline,reason\r\n3,"phone ""12,3"""\r\n4,ok\r\n');
  });
});
