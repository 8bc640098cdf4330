export { TenantGate } from './components/TenantGate';
export { detectTenant, isLoneSegment, withBasename } from './detect-tenant';
export type { TenantLocation } from './detect-tenant';
export { useTenant } from './tenant-context';
export type { Tenant } from './tenant-context';
export { groupCodeQueryOptions, useGroupCode } from './api/get-group-code';
export { tenantKeys } from './query-keys';
