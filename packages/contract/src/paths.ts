import { Calls } from './calls.js';
import { pathsOf } from './endpoint.js';

/** The path of every call, by name, from the table of calls (server tests and e2e name calls by it). */
export const ApiPath = pathsOf(Calls);
