import { z } from 'zod';

/** The envelope every /oga and /find response is wrapped in. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    /** The flag clients trust. */
    success: z.boolean(),
    /** A human message in the caller's language. */
    message: z.string(),
    /** 200 on success, otherwise a code of `ErrCode`. */
    errCode: z.number().int(),
    /** Kept for compatibility with existing clients; always null. */
    errorCode: z.null(),
    data,
  });
}

/** The envelope of a failed call: `data` is null. */
export const failureEnvelope = envelope(z.null());

export type Envelope<T> = {
  success: boolean;
  message: string;
  errCode: number;
  errorCode: null;
  data: T;
};

/** A route's response: the success envelope around `data`, or a failure envelope. */
export function apiResponse<T extends z.ZodType>(data: T) {
  return z.union([envelope(data), failureEnvelope]);
}
