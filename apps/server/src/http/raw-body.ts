import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * Reads a request body that is a file (an avatar, a reader file) into memory, at most `limit` bytes:
 * a declared length past it is refused before anything is read, a body that grows past it is refused
 * as soon as it does (the rest is not kept). `tooLarge` makes the refusal (a translated error).
 */
export function readLimited(
  req: FastifyRequest,
  payload: Readable,
  limit: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        chunks.length = 0;
        // Whatever still comes is read and dropped, so that the answer reaches the client.
        payload.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}
