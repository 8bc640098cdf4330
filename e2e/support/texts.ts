import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '../../apps/server/src/http/messages';
import type { Lang } from './app';

// What a reader reads on the screen, in each language, taken from the web app's locale files and the
// server's message table, so that a flow can be written once and run in all three languages. A key
// missing in one language fails the test instead of falling back to another language's text.

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function namespace(lang: Lang, ns: string): Tree {
  const file = path.join('apps/web/src/locales', lang, `${ns}.json`);
  let tree = cache.get(file);
  if (!tree) cache.set(file, (tree = JSON.parse(readFileSync(file, 'utf8')) as Tree));
  return tree;
}

const fill = (text: string, vars: Record<string, string | number>, open: string, close: string) =>
  text.replace(new RegExp(`${open}\\s*(\\w+)\\s*${close}`, 'g'), (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );

/** A web text, `namespace:dotted.key`, with its `{{placeholders}}` filled. */
export function webText(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, dotted] = key.split(':') as [string, string];
  let node: string | Tree | undefined = namespace(lang, ns);
  for (const part of dotted.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no ${lang} text ${key}`);
  return fill(node, vars, '\\{\\{', '\\}\\}');
}

/** A server message (apps/server/src/http/messages.ts) with its `{placeholders}` filled. */
export function serverText(lang: Lang, key: keyof typeof MESSAGES, vars: Record<string, string | number> = {}): string {
  return fill(MESSAGES[key][lang], vars, '\\{', '\\}');
}

/** A text with the characters that mean something in a regular expression escaped. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text as a whole-text pattern (for names that must match exactly but carry regex characters). */
export const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);

/** A whole text that may be shown with spaces between its characters (antd spaces two-character CJK buttons). */
export const spaced = (text: string) => new RegExp(`^${[...text].map(escapeRegExp).join('\\s*')}$`);

/** A text as a pattern that allows any run of characters where `*` stands (masked addresses). */
export const masked = (text: string) => new RegExp(text.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*+/g, '\\*+'));
