import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received. */
export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  json: {
    requestId: number;
    institution: number;
    reader: { account: string; name: string; email: string; phone: string };
    document: Record<string, string>;
    submittedAt: string;
  };
}

/**
 * A local stand-in for a library's document-delivery service (real HTTP on 127.0.0.1): a login page
 * (GET), and it takes POSTed requests, answers with a number of its own, and can be told to answer with a status
 * (503: down; 400: refusing) or slowly.
 */
export interface DeliveryStandIn {
  url: string;
  received: ReceivedRequest[];
  /** The status of the next answers (200 by default). */
  status: number;
  /** Milliseconds to wait before answering. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startDeliveryStandIn(): Promise<DeliveryStandIn> {
  const state = { received: [] as ReceivedRequest[], status: 200, delayMs: 0, next: 1000 };
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET') {
      // The service's login page, as the reader's link opens it: says whom it was signed for.
      const uid = new URL(req.url ?? '/', 'http://stand-in').searchParams.get('uid') ?? '';
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><title>Delivery stand-in</title><h1>Delivery stand-in: ${uid.replace(/[^\w-]/g, '')}</h1>`,
        );
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = () => {
        if (state.status !== 200) {
          res.writeHead(state.status, { 'content-type': 'text/plain' }).end('not now');
          return;
        }
        state.received.push({ headers: req.headers, body, json: JSON.parse(body) as ReceivedRequest['json'] });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `DD-${state.next++}` }));
      };
      if (state.delayMs) setTimeout(answer, state.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/requests`,
    get received() {
      return state.received;
    },
    get status() {
      return state.status;
    },
    set status(v: number) {
      state.status = v;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
