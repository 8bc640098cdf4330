import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiResponse, type Access, type Endpoint, type OutputOf, type ParsedInputOf } from '@openfind/contract';
import type { Envelope } from '@openfind/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may make the call (the contract entry's `access`), enforced by the session scope. */
    access?: Access;
  }
}

/** The request of a call: its validated query (GET) or body (POST), typed from the contract entry. */
export type CallRequest<E extends Endpoint> = FastifyRequest<
  E['method'] extends 'GET' ? { Querystring: ParsedInputOf<E> } : { Body: ParsedInputOf<E> }
>;

/** What a handler answers: the envelope of the entry's output, or, for a non-envelope call, the reply. */
type CallAnswer<E extends Endpoint> = E['output'] extends undefined ? FastifyReply | void : Envelope<OutputOf<E>>;

export type CallHandler<E extends Endpoint> = (req: CallRequest<E>, reply: FastifyReply) => Promise<CallAnswer<E>>;

/**
 * Registers the route of one contract entry: method, path, input and response schemas (which also
 * make the OpenAPI document), who may call it and whether a GET changes something. The handler gets
 * the validated input typed from the entry and must answer the entry's output.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: CallHandler<E>): void {
  const input =
    endpoint.input === undefined
      ? {}
      : endpoint.method === 'GET'
        ? { querystring: endpoint.input }
        : { body: endpoint.input };
  const response = endpoint.output === undefined ? {} : { response: { 200: apiResponse(endpoint.output) } };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, changesState: endpoint.changesState },
    schema: { tags: [endpoint.tag], summary: endpoint.summary, ...input, ...response },
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
