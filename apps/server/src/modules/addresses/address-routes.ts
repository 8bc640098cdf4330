import type { FastifyInstance } from 'fastify';
import { AddressCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';

/**
 * A logged-in reader's delivery addresses (`/find/userAddress/*`, 401 for visitors). Each call acts
 * on the session's reader in the session's institution only. A frozen account or a lost card keeps
 * its addresses: they are the reader's own data, not a service the library suspends.
 */
export function registerAddressRoutes(app: FastifyInstance, services: Services): void {
  const addresses = services.addresses;

  route(app, AddressCalls.addressTypes, async (req) => ok(req.lang, await addresses.types(req.tenant.id, req.lang)));

  route(app, AddressCalls.userAddressList, async (req) =>
    ok(req.lang, await addresses.list(req.tenant.id, requireReader(req), req.lang)),
  );

  route(app, AddressCalls.addUserAddress, async (req) =>
    okSaying(req.lang, await addresses.add(req.tenant.id, requireReader(req), req.body, req.lang), 'addressSaved'),
  );

  route(app, AddressCalls.updateUserAddress, async (req) => {
    const { addressId, ...input } = req.body;
    return okSaying(
      req.lang,
      await addresses.update(req.tenant.id, requireReader(req), addressId, input, req.lang),
      'addressSaved',
    );
  });

  route(app, AddressCalls.deleteUserAddress, async (req) =>
    okSaying(req.lang, await addresses.remove(req.tenant.id, requireReader(req), req.body.addressId), 'addressDeleted'),
  );

  route(app, AddressCalls.setDefaultUserAddress, async (req) =>
    okSaying(
      req.lang,
      await addresses.setDefault(req.tenant.id, requireReader(req), req.body.addressId),
      'addressDefaultSet',
    ),
  );
}
