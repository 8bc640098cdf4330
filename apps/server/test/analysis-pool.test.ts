import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const POOL = fileURLToPath(new URL('../src/modules/catalogue/analysis-pool.ts', import.meta.url));

describe('AnalysisPool', () => {
  it('keeps the process alive while a batch is out, and lets it end once the pool is idle', () => {
    // Nothing but the pool keeps this script's event loop busy: an unreferenced worker with a batch
    // out would let Node end it at once, silently, with exit status 0 and nothing printed.
    const script = `
      const { AnalysisPool } = await import(${JSON.stringify(POOL)});
      const pool = new AnalysisPool(1);
      const batch = await pool.encode([{ sourceKey: 'k1', sourceFormat: 'demo', title: '红楼梦' }]);
      console.log('encoded', batch.count);
    `;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).toBe('');
    // The script never closes the pool: it still ends, because an idle pool holds nothing.
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('encoded 1\n');
  });
});
