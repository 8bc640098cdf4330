import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { SiteConfigService } from './modules/site-config/site-config-service.js';
import { TenantDirectory } from './modules/tenants/tenant-directory.js';
import { DictionaryService } from './modules/dictionaries/dictionary-service.js';

/** The services of one app instance, built once and shared by the route modules. */
export interface Services {
  db: Db;
  tenants: TenantDirectory;
  siteConfig: SiteConfigService;
  dictionaries: DictionaryService;
}

/** Builds the services over `db`. */
export function createServices(db: Db, config: Pick<AppConfig, 'configCacheMs'>): Services {
  return {
    db,
    tenants: new TenantDirectory(db.kysely, config.configCacheMs),
    siteConfig: new SiteConfigService(db.kysely, config.configCacheMs),
    dictionaries: new DictionaryService(db.kysely, config.configCacheMs),
  };
}
