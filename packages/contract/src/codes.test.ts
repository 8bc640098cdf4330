import { describe, expect, it } from 'vitest';
import { AuthErrCode } from './auth.js';
import { CirculationErrCode } from './circulation.js';
import { RequestErrCode } from './requests.js';
import { AddressErrCode } from './addresses.js';
import { ErrCode } from './codes.js';
import { PersonalInfoErrCode } from './personal-info.js';
import { DiscoveryErrCode } from './records.js';
import { FavouriteErrCode, FavouriteFolderErrCode } from './favourites.js';
import { SearchErrCode } from './search.js';
import { StaffErrCode } from './staff.js';
import { DeskErrCode } from './desk.js';
import { ModerationErrCode } from './moderation.js';
import { CatalogueAdminErrCode } from './catalogue-admin.js';
import { ContentAdminErrCode } from './content-admin.js';
import { LibraryAdminErrCode } from './library-admin.js';
import { SiteAdminErrCode } from './site-admin.js';
import { BookListErrCode } from './book-lists.js';

describe('error codes', () => {
  it('name one failure each across every catalogue (clients branch on errCode)', () => {
    const catalogues = {
      ErrCode,
      SearchErrCode,
      DiscoveryErrCode,
      AuthErrCode,
      FavouriteErrCode,
      FavouriteFolderErrCode,
      CirculationErrCode,
      RequestErrCode,
      AddressErrCode,
      PersonalInfoErrCode,
      StaffErrCode,
      DeskErrCode,
      ModerationErrCode,
      CatalogueAdminErrCode,
      ContentAdminErrCode,
      LibraryAdminErrCode,
      SiteAdminErrCode,
      BookListErrCode,
    };
    const seen = new Map<number, string>();
    const clashes: string[] = [];
    for (const [catalogue, codes] of Object.entries(catalogues)) {
      for (const [name, code] of Object.entries(codes)) {
        const where = `${catalogue}.${name}`;
        const earlier = seen.get(code);
        // Shared HTTP-like codes (401 login required) may be repeated under the same meaning.
        if (earlier && code >= 1000) clashes.push(`${code}: ${earlier} and ${where}`);
        if (!earlier) seen.set(code, where);
      }
    }
    expect(clashes).toEqual([]);
  });
});
