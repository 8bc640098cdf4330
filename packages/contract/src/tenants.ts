import { z } from 'zod';
import { calls, post } from './endpoint.js';

/** Institutions (tenants) of an installation, as a client finds its own from the address it was opened at. */

/** `POST /find/homePage/getGroupCode` request. */
export const GroupCodeRequest = z.object({ mappingPath: z.string().max(100).default('') });
/** Group info (spec §3). */
export const GroupInfo = z.object({
  groupCode: z.string(),
  name: z.string(),
  label: z.string(),
  msgFlag: z.string(),
  fid: z.string(),
});
export type GroupInfo = z.infer<typeof GroupInfo>;

export const TenantCalls = calls('tenants', {
  getGroupCode: post('/find/homePage/getGroupCode', {
    input: GroupCodeRequest,
    output: GroupInfo,
    access: 'public',
    summary: 'Group info of the institution at a mapping path',
  }),
});
