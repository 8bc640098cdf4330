import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Where e2e/support/mail-sink.mjs keeps the mails of the e2e server (playwright.config.ts sets it). */
export function mailSinkDir(dataDir = process.env.E2E_DATA_DIR ?? '.cache/e2e-data'): string {
  return `${dataDir}-mail`;
}

/** A mail the e2e server sent, as the sink kept it. */
export type SinkMail = { to: string[]; subject: string; from: string; text: string; receivedAt: string };

function readMails(): SinkMail[] {
  const dir = path.resolve(mailSinkDir());
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as SinkMail);
}

/** How many mails have reached the sink so far (to wait for the next one). */
export function mailCount(): number {
  return readMails().length;
}

/** Waits for a new mail to `address` (after `since` mails) and returns the six-digit code in it. */
export async function waitForMailedCode(address: string, since: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const mail = readMails()
          .slice(since)
          .find((m) => m.to.includes(address));
        code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { message: `a mail with a code to ${address}`, timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

/** Waits for a new mail to `address` (after `since` mails) and returns it. */
export async function waitForMail(address: string, since: number): Promise<SinkMail> {
  let found: SinkMail | undefined;
  await expect
    .poll(
      () => {
        found = readMails()
          .slice(since)
          .find((m) => m.to.includes(address));
        return Boolean(found);
      },
      { message: `a mail to ${address}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
