import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sip2Charset } from './charset.js';
import { Sip2Client, type Sip2ClientOptions } from './client.js';
import {
  Sip2ClosedError,
  Sip2LoginRefusedError,
  Sip2ProtocolError,
  Sip2UnreachableError,
  type UnreachableReason,
} from './errors.js';
import { decodeFrame, encodeFrame } from './frame.js';

const STAMP = '20261127    061641';

/** One request as the fake server received it. */
interface Received {
  text: string;
  sequence: number | null;
  checksum: string;
  bytes: Buffer;
  connection: number;
}

/** How the fake server answers: `send` frames a message (with the request's sequence number unless told). */
interface Answer {
  send(text: string, options?: { sequence?: number | null; corrupt?: boolean; charset?: Sip2Charset }): void;
  socket: net.Socket;
}

type Handler = (request: Received, answer: Answer) => void;

/**
 * A scripted SIP2 system on a local port: it logs every terminal in (93 → 941) unless the handler
 * answers the login itself, and passes every other request to the handler.
 */
class FakeSip2Server {
  readonly received: Received[] = [];
  readonly sockets: net.Socket[] = [];
  #server: net.Server | tls.Server;
  handler: Handler = () => undefined;

  constructor(options: { tls?: tls.TlsOptions; charset?: Sip2Charset } = {}) {
    const charset = options.charset ?? 'utf-8';
    const onSocket = (socket: net.Socket): void => {
      const connection = this.sockets.push(socket);
      let buffer = Buffer.alloc(0);
      socket.on('error', () => undefined);
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        let end: number;
        while ((end = buffer.indexOf(0x0d)) !== -1) {
          const bytes = buffer.subarray(0, end);
          buffer = buffer.subarray(end + 1);
          const frame = decodeFrame(bytes, charset);
          const request: Received = { ...frame, bytes, connection };
          this.received.push(request);
          const answer: Answer = {
            socket,
            send: (text, how = {}) => {
              const sequence = how.sequence === undefined ? request.sequence : how.sequence;
              const out = encodeFrame(text, { charset: how.charset ?? charset, errorDetection: true, sequence });
              if (how.corrupt) out[2] = out[2] === 0x41 ? 0x42 : 0x41;
              if (!socket.destroyed) socket.write(out);
            },
          };
          if (request.text.startsWith('93') && !this.handlesLogin) answer.send('941');
          else this.handler(request, answer);
        }
      });
    };
    this.#server = options.tls ? tls.createServer(options.tls, onSocket) : net.createServer(onSocket);
  }

  handlesLogin = false;

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return (this.#server.address() as net.AddressInfo).port;
  }

  /** Requests other than logins. */
  get requests(): Received[] {
    return this.received.filter((request) => !request.text.startsWith('93'));
  }

  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

const itemAnswer = (title: string): string => `18030201${STAMP}ABB1|AJ${title}|`;
const servers: FakeSip2Server[] = [];
const clients: Sip2Client[] = [];

async function start(
  handler: Handler,
  options: Partial<Sip2ClientOptions> = {},
  serverOptions: ConstructorParameters<typeof FakeSip2Server>[0] = {},
): Promise<{ server: FakeSip2Server; client: Sip2Client }> {
  const server = new FakeSip2Server(serverOptions);
  server.handler = handler;
  servers.push(server);
  const port = await server.listen();
  const client = new Sip2Client({
    host: '127.0.0.1',
    port,
    user: 'term',
    password: 'terminal-secret',
    institutionId: 'LIB',
    timeoutMs: 200,
    retries: 2,
    ...options,
  });
  clients.push(client);
  return { server, client };
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function unreachable(promise: Promise<unknown>, reason: UnreachableReason): Promise<Sip2UnreachableError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Sip2UnreachableError);
  expect((error as Sip2UnreachableError).reason).toBe(reason);
  return error as Sip2UnreachableError;
}

describe('error detection', () => {
  it('numbers requests 0–9 and starts again at 0, with a valid checksum on each', async () => {
    const { server, client } = await start((_request, answer) => answer.send(itemAnswer('Title')));
    for (let i = 0; i < 11; i++) await client.itemInformation('B1');
    expect(server.received.map((request) => request.sequence)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1]);
    expect(server.received.every((request) => request.checksum === 'valid')).toBe(true);
  });

  it('sends the request again, with the same number, when no answer comes in time', async () => {
    let calls = 0;
    const { server, client } = await start((_request, answer) => {
      if (++calls === 2) answer.send(itemAnswer('Second try'));
    });
    await expect(client.itemInformation('B1')).resolves.toMatchObject({ title: 'Second try' });
    expect(server.requests.map((request) => request.sequence)).toEqual([1, 1]);
  });

  it('gives up after the retries with an unreachable error, and opens a fresh connection for the next call', async () => {
    let silent = true;
    const { server, client } = await start((_request, answer) => {
      if (!silent) answer.send(itemAnswer('Back'));
    });
    const error = await unreachable(client.itemInformation('B1'), 'timeout');
    expect(error.message).toMatch(/did not answer item information \(17\) within 200 ms \(3 attempts\)/);
    expect(server.requests).toHaveLength(3);
    silent = false;
    await expect(client.itemInformation('B1')).resolves.toMatchObject({ title: 'Back' });
    expect(server.sockets).toHaveLength(2);
  });

  it('asks for a resend (97) when an answer has a bad checksum, and takes the resent answer', async () => {
    const { server, client } = await start((request, answer) => {
      if (request.text.startsWith('17')) answer.send(itemAnswer('Garbled'), { corrupt: true });
      // Like real systems, the resent answer may carry another sequence number.
      if (request.text === '97') answer.send(itemAnswer('Resent'), { sequence: 0 });
    });
    await expect(client.itemInformation('B1')).resolves.toMatchObject({ title: 'Resent' });
    expect(server.requests.map((request) => request.bytes.toString())).toEqual([
      expect.stringMatching(/^17/),
      '97AZFEF5',
    ]);
  });

  it('fails with a protocol error when every answer has a bad checksum', async () => {
    const { client } = await start((_request, answer) => answer.send(itemAnswer('Garbled'), { corrupt: true }));
    await expect(client.itemInformation('B1')).rejects.toMatchObject({ reason: 'bad-checksum' });
    await expect(client.itemInformation('B1')).rejects.toBeInstanceOf(Sip2ProtocolError);
  });

  it('sends the request again when the system asks for it (96)', async () => {
    let calls = 0;
    const { server, client } = await start((_request, answer) => {
      if (++calls === 1) answer.send('96', { sequence: null });
      else answer.send(itemAnswer('After 96'));
    });
    await expect(client.itemInformation('B1')).resolves.toMatchObject({ title: 'After 96' });
    expect(server.requests.map((request) => request.text.slice(0, 2))).toEqual(['17', '17']);
  });

  it('skips a late answer to an earlier attempt (its sequence number is not the current one)', async () => {
    let firstAttempt: Answer | null = null;
    let calls = 0;
    const { server, client } = await start((_request, answer) => {
      calls++;
      if (calls === 1)
        firstAttempt = answer; // silent: the client sends the request again
      else if (calls === 2) answer.send(itemAnswer('First'));
      else {
        // The answer to the first attempt comes late, while the next request waits.
        firstAttempt?.send(itemAnswer('Late first'));
        answer.send(itemAnswer('Second'));
      }
    });
    await expect(client.itemInformation('B1')).resolves.toMatchObject({ title: 'First' });
    await expect(client.itemInformation('B1')).resolves.toMatchObject({ title: 'Second' });
    expect(server.requests.map((request) => request.sequence)).toEqual([1, 1, 2]);
  });

  it('fails with a protocol error on an answer of the wrong type', async () => {
    const { client } = await start((_request, answer) => answer.send(`36Y${STAMP}AOLIB|`));
    await expect(client.itemInformation('B1')).rejects.toMatchObject({ reason: 'unexpected-message' });
  });

  it('ignores a message that no request waits for', async () => {
    const { server, client } = await start((_request, answer) => answer.send(itemAnswer('Title')));
    await client.connect();
    server.sockets[0]?.write(
      encodeFrame(itemAnswer('Unsolicited'), { charset: 'utf-8', errorDetection: true, sequence: 1 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    await expect(client.itemInformation('B1')).resolves.toMatchObject({ title: 'Title' });
  });
});

describe('connections', () => {
  it('logs in with user, password and location code', async () => {
    const { server, client } = await start(() => undefined, { locationCode: 'Desk1' });
    await client.connect();
    expect(server.received[0]?.text).toBe('9300CNterm|COterminal-secret|CPDesk1|');
  });

  it('reports a refused login as such, without the password', async () => {
    const lines: string[] = [];
    const { server, client } = await start(
      (request, answer) => {
        if (request.text.startsWith('93')) answer.send('940');
      },
      { logger: { debug: (line) => lines.push(line), warn: (line) => lines.push(line) } },
    );
    server.handlesLogin = true;
    const error = await client.connect().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Sip2LoginRefusedError);
    expect((error as Error).message).toMatch(/refused the login of terminal user "term"/);
    expect(JSON.stringify(error) + String(error) + lines.join('\n')).not.toContain('terminal-secret');
    expect(lines.join('\n')).toContain('CO***');
    expect(client.openConnections).toBe(0);
  });

  it('never logs a patron password nor the terminal password', async () => {
    const lines: string[] = [];
    const { client } = await start(
      (_request, answer) =>
        answer.send(`64${' '.repeat(14)}000${STAMP}${'0'.repeat(24)}AOLIB|AA2024001|AEName|BLY|CQY|`),
      { terminalPassword: 'ac-secret', logger: { debug: (line) => lines.push(line) } },
    );
    await client.patronInformation('2024001', 'patron-secret');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.join('\n')).not.toMatch(/patron-secret|terminal-secret|ac-secret/);
  });

  it('says the system is unreachable when nothing listens (connect refused)', async () => {
    const client = new Sip2Client({
      host: '127.0.0.1',
      port: await freePort(),
      user: 'term',
      password: 'terminal-secret',
      institutionId: 'LIB',
    });
    clients.push(client);
    const error = await unreachable(client.patronInformation('2024001'), 'connect-refused');
    expect(error.code).toBe('unreachable');
    expect(error.message).not.toContain('terminal-secret');
  });

  it('says the system is unreachable when the connection breaks mid-request', async () => {
    const { client } = await start((_request, answer) => answer.socket.destroy());
    await unreachable(client.itemInformation('B1'), 'connection-lost');
  });

  it('times out a TLS handshake that never completes', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const client = new Sip2Client({
      host: '127.0.0.1',
      port: (silent.address() as net.AddressInfo).port,
      tls: true,
      connectTimeoutMs: 150,
      user: 'term',
      password: 'terminal-secret',
      institutionId: 'LIB',
    });
    clients.push(client);
    try {
      await unreachable(client.connect(), 'connect-timeout');
    } finally {
      silent.close();
    }
  });

  it('encodes requests and decodes answers in GBK', async () => {
    const { server, client } = await start(
      (request, answer) =>
        answer.send(`161N${STAMP}AA2024001|BS总馆|ABB1|AJ红楼梦|AOLIB|AF预约成功|`, { sequence: request.sequence }),
      { charset: 'gbk' },
      { charset: 'gbk' },
    );
    const hold = await client.placeHold('2024001', 'B1', { pickupLocation: '总馆', holdType: 'any-copy' });
    expect(hold).toMatchObject({ ok: true, pickupLocation: '总馆', title: '红楼梦', screenMessages: ['预约成功'] });
    const request = server.requests[0];
    expect(request?.checksum).toBe('valid');
    expect(request?.bytes.includes(Buffer.from([0xd7, 0xdc, 0xb9, 0xdd]))).toBe(true); // 总馆 in GBK
  });
});

describe('TLS', () => {
  let dir = '';
  let credentials: tls.TlsOptions | null = null;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sip2-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
        ],
        { stdio: 'ignore' },
      );
      credentials = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
    } catch {
      credentials = null; // no openssl: the TLS round trip below is skipped
    }
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('talks SIP2 over TLS (certificate generated by openssl when present)', async (context) => {
    if (!credentials) context.skip();
    const { client } = await start(
      (_request, answer) => answer.send(itemAnswer('Over TLS')),
      {
        tls: { ca: credentials?.cert, servername: 'localhost' },
      },
      { tls: credentials ?? {} },
    );
    await expect(client.itemInformation('B1')).resolves.toMatchObject({ title: 'Over TLS' });
  });
});

describe('pool', () => {
  it('keeps at most poolSize connections for concurrent calls', async () => {
    const { server, client } = await start(
      (_request, answer) => setTimeout(() => answer.send(itemAnswer('Title')), 20),
      { poolSize: 2 },
    );
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.itemInformation('B1')));
    expect(answers.every((answer) => answer.title === 'Title')).toBe(true);
    expect(server.sockets).toHaveLength(2);
    expect(client.openConnections).toBe(2);
  });

  it('reconnects and logs in again after the system dropped its connections', async () => {
    const { server, client } = await start((_request, answer) => answer.send(itemAnswer('Title')), { poolSize: 2 });
    await Promise.all([client.itemInformation('B1'), client.itemInformation('B1')]);
    server.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(client.openConnections).toBe(0);
    await expect(client.itemInformation('B1')).resolves.toMatchObject({ title: 'Title' });
    expect(server.received.filter((request) => request.text.startsWith('93'))).toHaveLength(3);
  });

  it('close() ends every connection and fails calls in progress and later calls', async () => {
    const { server, client } = await start(() => undefined, { timeoutMs: 5000 });
    const pending = client.itemInformation('B1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.close();
    await expect(pending).rejects.toBeInstanceOf(Sip2ClosedError);
    await expect(client.itemInformation('B1')).rejects.toBeInstanceOf(Sip2ClosedError);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.sockets.every((socket) => socket.destroyed || socket.readableEnded)).toBe(true);
  });
});
