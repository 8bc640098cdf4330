import type { FastifyInstance } from 'fastify';
import {
  ApiPath,
  ConditionList,
  DictResponse,
  LibraryItem,
  LocationDict,
  LocationListRequest,
  LocationListResponse,
  SaveLastLibCodeRequest,
  SearchFieldPara,
  apiResponse,
} from '@openfind/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { Errors } from '../../http/errors.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';

const LAST_LIB_COOKIE = 'libCode';

/** Libraries, locations and code lists of the request's tenant. */
export function registerDictionaryRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const dict = services.dictionaries;
  const tags = ['dictionaries'];

  r.get(
    ApiPath.getLibraryList,
    { schema: { tags, summary: "The institution's libraries", response: { 200: apiResponse(z.array(LibraryItem)) } } },
    async (req) => ok(req.lang, await dict.libraries(req.tenant.id, req.lang)),
  );

  r.get(
    ApiPath.getLibs,
    {
      schema: {
        tags,
        summary: 'Libraries a reader can choose (independent library selection)',
        response: { 200: apiResponse(z.array(LibraryItem)) },
      },
    },
    async (req) => ok(req.lang, await dict.libraries(req.tenant.id, req.lang)),
  );

  r.post(
    ApiPath.saveLastLibCode,
    {
      schema: {
        tags,
        summary: "Remember the visitor's library choice",
        body: SaveLastLibCodeRequest,
        response: { 200: apiResponse(z.object({ libCode: z.string() })) },
      },
    },
    async (req, reply) => {
      const { libCode } = req.body;
      if (!(await dict.hasLibrary(req.tenant.id, libCode))) throw Errors.unknownLibrary(libCode.slice(0, 50));
      // Until readers log in (accounts issue) the choice lives in a cookie scoped to the tenant.
      reply.setCookie(LAST_LIB_COOKIE, libCode, {
        path: `/${req.tenant.mappingPath}`,
        sameSite: 'lax',
        maxAge: 365 * 24 * 3600,
      });
      return ok(req.lang, { libCode });
    },
  );

  r.post(
    ApiPath.dict,
    {
      schema: {
        tags,
        summary: 'All code lists of the institution',
        body: z.object({}).passthrough(),
        response: { 200: apiResponse(DictResponse) },
      },
    },
    async (req) => ok(req.lang, await dict.dict(req.tenant.id, req.lang)),
  );

  r.get(
    ApiPath.searchFieldParaList,
    { schema: { tags, summary: 'Configured search fields', response: { 200: apiResponse(z.array(SearchFieldPara)) } } },
    async (req) => ok(req.lang, await dict.searchFields(req.tenant.id, req.lang)),
  );

  r.get(
    ApiPath.conditionList,
    {
      schema: {
        tags,
        summary: 'Document types, countries and languages for browsing',
        response: { 200: apiResponse(ConditionList) },
      },
    },
    async (req) => ok(req.lang, await dict.conditionList(req.tenant.id, req.lang)),
  );

  r.get(
    ApiPath.locationDict,
    { schema: { tags, summary: 'Campuses and location types', response: { 200: apiResponse(LocationDict) } } },
    async (req) => ok(req.lang, await dict.locationDict(req.tenant.id, req.lang)),
  );

  r.post(
    ApiPath.locationList,
    {
      schema: {
        tags,
        summary: 'Locations, filtered and paged',
        body: LocationListRequest,
        response: { 200: apiResponse(LocationListResponse) },
      },
    },
    async (req) => ok(req.lang, await dict.locationList(req.tenant.id, req.lang, req.body)),
  );
}
