#!/usr/bin/env node
// A local SMTP server for the e2e run: it keeps every mail the OpenFind server sends (verification
// codes) as a JSON file in MAIL_SINK_DIR, so that a test reads a code the way a reader would read
// their mail. Usage: node e2e/support/mail-sink.mjs <command...> — starts the sink on a free local
// port, runs the command with SMTP_URL pointing at it, and ends with the command.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const dir = path.resolve(process.env.MAIL_SINK_DIR ?? '.cache/e2e-mail');
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('mail-sink: usage: mail-sink.mjs <command...>');
  process.exit(2);
}
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=) of a header. */
function decodeHeader(value) {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, _charset, enc, text) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Splits a single-part text mail (what the server sends) into headers and its decoded text. */
function parseMail(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const body = rest.join('\n\n');
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body, 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return { subject: decodeHeader(headers.subject ?? ''), from: decodeHeader(headers.from ?? ''), text };
}

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
      const to = session.envelope.rcptTo.map((r) => r.address);
      count += 1;
      const file = path.join(dir, `${String(count).padStart(5, '0')}.json`);
      writeFileSync(file, JSON.stringify({ to, ...mail, receivedAt: new Date().toISOString() }, null, 2));
      callback();
    });
  },
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.server.address();
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${port}` },
  });
  const stop = (signal) => child.kill(signal);
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  child.on('exit', (code, signal) => {
    server.close(() => process.exit(code ?? (signal ? 1 : 0)));
  });
});
