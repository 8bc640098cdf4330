import { describe, expect, it } from 'vitest';
import { yuanOfFee } from '../src/modules/circulation/sip2-provider.js';
import { parseSip2Settings } from '../src/modules/circulation/sip2-settings.js';

describe('the SIP2 connection of an institution (secret sip2Connection)', () => {
  it('takes the JSON with defaults for what it leaves out', () => {
    expect(parseSip2Settings('{"host":"ils.example.edu","port":6001,"user":"sc","password":"pw"}')).toEqual({
      host: 'ils.example.edu',
      port: 6001,
      tls: false,
      user: 'sc',
      password: 'pw',
      institutionId: '',
      charset: 'utf-8',
      poolSize: 2,
      timeoutMs: 5000,
    });
  });

  it('names what is wrong, never the password', () => {
    expect(() => parseSip2Settings('{host')).toThrow('sip2Connection is not JSON');
    const bad = '{"host":"x","port":70000,"user":"sc","password":"S3cret-pw","charset":"big5"}';
    expect(() => parseSip2Settings(bad)).toThrow('sip2Connection: invalid port, charset');
    try {
      parseSip2Settings(bad);
    } catch (err) {
      expect(String(err)).not.toContain('S3cret-pw');
    }
  });
});

describe('fee amounts a system reports (BV)', () => {
  it('are yuan with two decimals, or nothing when absent or not a sum', () => {
    expect(['1.2', '12', ' 3.50 ', '0', '-2.5', null, '', 'N/A', '1e5'].map(yuanOfFee)).toEqual([
      '1.20',
      '12.00',
      '3.50',
      '0.00',
      '-2.50',
      null,
      null,
      null,
      null,
    ]);
  });
});
