import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PlaceDirectory } from './bib-to-record.js';
import { findPlaces } from './import-repository.js';

/** The tenant's libraries and locations, findable by code or by name in any of the three languages. */
export async function loadPlaceDirectory(db: Kysely<Database>, tenantId: number): Promise<PlaceDirectory> {
  const { libraries, locations } = await findPlaces(db, tenantId);
  const dir: PlaceDirectory = { libraries: new Map(), locations: new Map() };
  for (const l of libraries) {
    for (const key of [l.lib_code, l.name, l.name_en, l.name_tw])
      if (key) dir.libraries.set(key.toLowerCase(), l.lib_code);
  }
  for (const l of locations) {
    const place = { locationId: l.locationId, campusId: l.campusId, libCode: l.libCode };
    for (const key of [l.locationId, l.name, l.nameEn, l.nameTw]) if (key) dir.locations.set(key.toLowerCase(), place);
  }
  return dir;
}
