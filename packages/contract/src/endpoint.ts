import type { z } from 'zod';

/**
 * One call of the API as both sides know it: method, path, what it takes, what its envelope's `data`
 * holds, who may make it. The server registers its routes from these entries (apps/server/src/http/
 * route.ts), the web app's HTTP client takes its paths and types from them, and the OpenAPI document
 * is generated from the routes so registered: one entry, three uses, no copy to drift.
 */

/**
 * Who may make a call, checked by the server before the handler runs:
 * - `public`: anyone (a logged-in reader may get more: the favourite marks of a result page);
 * - `reader`: a logged-in reader of the institution (401 otherwise);
 * - `staff`, `admin`: the staff console (not built yet; refused until it is).
 */
export type Access = 'public' | 'reader' | 'staff' | 'admin';

export type HttpMethod = 'GET' | 'POST';

/** A schema of a call's input or output, or none. */
type Schema = z.ZodType | undefined;

export interface Endpoint<M extends HttpMethod = HttpMethod, I extends Schema = Schema, O extends Schema = Schema> {
  readonly method: M;
  readonly path: string;
  /** The query string of a GET, the JSON body of a POST; undefined = the call takes nothing. */
  readonly input: I;
  /**
   * `data` of the envelope the call answers with; undefined = the answer is not an envelope (a
   * browser redirect of single sign-on): such calls are not for the HTTP client.
   */
  readonly output: O;
  readonly access: Access;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** The module the call belongs to (the OpenAPI tag). */
  readonly tag: string;
  /**
   * A GET that changes something (the real clients' GET forms of binding calls): the server accepts
   * it only with the session token in a header, never with the cookie alone.
   */
  readonly changesState: boolean;
}

// Distributive over a union of entries (`SearchCalls[kind]`): each entry's own types, joined.
/** What a client sends: the input schema's input type (before defaults and transforms). */
export type InputOf<E extends Endpoint> = E extends Endpoint
  ? E['input'] extends z.ZodType
    ? z.input<E['input']>
    : undefined
  : never;
/** What a handler receives: the input after validation. */
export type ParsedInputOf<E extends Endpoint> = E extends Endpoint
  ? E['input'] extends z.ZodType
    ? z.output<E['input']>
    : undefined
  : never;
/** The envelope's `data`: what a handler returns and the client resolves with. */
export type OutputOf<E extends Endpoint> = E extends Endpoint
  ? E['output'] extends z.ZodType
    ? z.output<E['output']>
    : never
  : never;

type Definition<I extends Schema, O extends Schema> = {
  input?: I;
  output: O;
  access: Access;
  summary: string;
  changesState?: boolean;
};

/** An entry without its tag: `calls()` stamps the module's tag on each. */
type Untagged<M extends HttpMethod, I extends Schema, O extends Schema> = Omit<Endpoint<M, I, O>, 'tag'>;

function entry<M extends HttpMethod, I extends Schema, O extends Schema>(
  method: M,
  path: string,
  def: Definition<I, O>,
): Untagged<M, I, O> {
  return {
    method,
    path,
    input: def.input as I,
    output: def.output,
    access: def.access,
    summary: def.summary,
    changesState: def.changesState ?? false,
  };
}

/** A GET call: `input` is its query string. */
export function get<I extends Schema = undefined, O extends Schema = undefined>(path: string, def: Definition<I, O>) {
  return entry('GET', path, def);
}

/** A POST call: `input` is its JSON body. */
export function post<I extends Schema = undefined, O extends Schema = undefined>(path: string, def: Definition<I, O>) {
  return entry('POST', path, def);
}

/** The calls of one module, each stamped with the module's tag. */
export function calls<const T extends Record<string, Untagged<HttpMethod, Schema, Schema>>>(
  tag: string,
  entries: T,
): { readonly [K in keyof T]: T[K] & { readonly tag: string } } {
  const tagged: Record<string, Endpoint> = {};
  for (const [name, e] of Object.entries(entries)) tagged[name] = { ...e, tag };
  return tagged as { readonly [K in keyof T]: T[K] & { readonly tag: string } };
}

/** The paths of a table of calls, by name. */
export function pathsOf<const T extends Record<string, { readonly path: string }>>(
  table: T,
): { readonly [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(table).map(([name, e]) => [name, e.path])) as {
    readonly [K in keyof T]: string;
  };
}
