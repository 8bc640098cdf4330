import type { FastifyInstance } from 'fastify';
import { DictionaryCalls } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { Errors } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

const LAST_LIB_COOKIE = 'libCode';

/** Libraries, locations and code lists of the request's tenant. */
export function registerDictionaryRoutes(app: FastifyInstance, services: Services): void {
  const dict = services.dictionaries;

  for (const call of [DictionaryCalls.getLibraryList, DictionaryCalls.getLibs]) {
    route(app, call, async (req) => ok(req.lang, await dict.libraries(req.tenant.id, req.lang)));
  }

  route(app, DictionaryCalls.saveLastLibCode, async (req, reply) => {
    const { libCode } = req.body;
    if (!(await dict.hasLibrary(req.tenant.id, libCode))) throw Errors.unknownLibrary(libCode.slice(0, 50));
    // Until readers log in (accounts issue) the choice lives in a cookie scoped to the tenant.
    reply.setCookie(LAST_LIB_COOKIE, libCode, {
      path: `/${req.tenant.mappingPath}`,
      sameSite: 'lax',
      maxAge: 365 * 24 * 3600,
    });
    return ok(req.lang, { libCode });
  });

  route(app, DictionaryCalls.dict, async (req) => ok(req.lang, await dict.dict(req.tenant.id, req.lang)));

  route(app, DictionaryCalls.searchFieldParaList, async (req) =>
    ok(req.lang, await dict.searchFields(req.tenant.id, req.lang)),
  );

  route(app, DictionaryCalls.conditionList, async (req) =>
    ok(req.lang, await dict.conditionList(req.tenant.id, req.lang)),
  );

  route(app, DictionaryCalls.locationDict, async (req) =>
    ok(req.lang, await dict.locationDict(req.tenant.id, req.lang)),
  );

  route(app, DictionaryCalls.locationList, async (req) =>
    ok(req.lang, await dict.locationList(req.tenant.id, req.lang, req.body)),
  );
}
