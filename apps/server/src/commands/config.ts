import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { MenusInput, SiteConfig } from '@openfind/contract';
import { EXTERNAL_JWT_KEY } from '../modules/auth/sso-service.js';
import { SIP2_CONNECTION_SECRET, parseSip2Settings } from '../modules/circulation/sip2-settings.js';
import { PAYMENT_CHANNELS_SECRET, parsePaymentChannels } from '../modules/payments/payment-settings.js';
import { CliError, findTenant, parseAssignments, tenantOption, withServices } from './support.js';

/** `openfind config`: an institution's site configuration, parameters, menus and secrets, without SQL. */
export const configCommand = new Command('config').description('site configuration, institution parameters and menus');

configCommand
  .command('get')
  .description('print the site configuration (or one key) of an institution')
  .addOption(tenantOption)
  .argument('[key]')
  .action(async (key: string | undefined, o: { tenant: string }) => {
    await withServices(async (s) => {
      const t = await findTenant(s, o.tenant);
      const { config: c, params } = await s.siteConfig.settings(t.id);
      const all: Record<string, unknown> = { ...c, ...params };
      if (key === undefined) console.log(JSON.stringify(all, null, 2));
      else if (key in all) console.log(String(all[key]));
      else throw new CliError(`unknown key "${key}"`);
    });
  });

configCommand
  .command('set')
  .description('set site configuration keys or institution parameters: key=value ...')
  .addOption(tenantOption)
  .argument('<assignments...>')
  .action(async (words: string[], o: { tenant: string }) => {
    const values = parseAssignments(words);
    const paramKeys = new Set(['newAISearchFlag', 'version']);
    const params = Object.fromEntries(Object.entries(values).filter(([k]) => paramKeys.has(k)));
    const site = Object.fromEntries(Object.entries(values).filter(([k]) => !paramKeys.has(k)));
    const unknown = Object.keys(site).filter((k) => !(k in SiteConfig.shape));
    if (unknown.length) throw new CliError(`unknown key(s): ${unknown.join(', ')}`);
    await withServices(async (s) => {
      const t = await findTenant(s, o.tenant);
      if (Object.keys(site).length) await s.siteConfig.updateConfig(t.id, site);
      if (Object.keys(params).length) await s.siteConfig.updateParams(t.id, params);
      console.log(`updated ${Object.keys(values).join(', ')} for ${t.name}`);
    });
  });

configCommand
  .command('reset')
  .description('reset site configuration keys to their defaults')
  .addOption(tenantOption)
  .argument('<keys...>')
  .action(async (keys: string[], o: { tenant: string }) => {
    await withServices(async (s) => {
      const t = await findTenant(s, o.tenant);
      await s.siteConfig.resetConfig(t.id, keys);
      console.log(`reset ${keys.join(', ')} for ${t.name}`);
    });
  });

configCommand
  .command('menus')
  .description('print the menus, or replace them from a JSON file {menuA, menuB, menuC}')
  .addOption(tenantOption)
  .option('--set <file>', 'JSON file with the menus to store')
  .action(async (o: { tenant: string; set?: string }) => {
    await withServices(async (s) => {
      const t = await findTenant(s, o.tenant);
      if (o.set) {
        let json: unknown;
        try {
          json = JSON.parse(readFileSync(o.set, 'utf8'));
        } catch (err) {
          throw new CliError(`cannot read ${o.set}: ${(err as Error).message}`);
        }
        await s.siteConfig.replaceMenus(t.id, MenusInput.parse(json));
        console.log(`menus replaced for ${t.name}`);
      } else {
        console.log(JSON.stringify((await s.siteConfig.settings(t.id)).menus, null, 2));
      }
    });
  });

configCommand
  .command('secret')
  .description(
    `set institution secrets, never sent to clients: ${EXTERNAL_JWT_KEY}=<key> (the external-JWT entry), ` +
      `${SIP2_CONNECTION_SECRET}='<JSON>' (the library's circulation system over SIP2: host, port, user, ` +
      `password, institutionId, charset…; empty: OpenFind's own circulation), ` +
      `${PAYMENT_CHANNELS_SECRET}='<JSON list>' (online payment channels for fines, e.g. WeChat Pay: ` +
      `kind, appId, mchId, key, notifyUrl; empty: the desk only)`,
  )
  .addOption(tenantOption)
  .argument('<assignments...>')
  .action(async (words: string[], o: { tenant: string }) => {
    const values = parseAssignments(words);
    const known = [EXTERNAL_JWT_KEY, SIP2_CONNECTION_SECRET, PAYMENT_CHANNELS_SECRET];
    const unknown = Object.keys(values).filter((k) => !known.includes(k));
    if (unknown.length) throw new CliError(`unknown secret(s): ${unknown.join(', ')}`);
    const key = values[EXTERNAL_JWT_KEY];
    if (key !== undefined && Buffer.byteLength(key) < 32) throw new CliError(`${EXTERNAL_JWT_KEY}: at least 32 bytes`);
    const sip2 = values[SIP2_CONNECTION_SECRET];
    if (sip2) {
      try {
        parseSip2Settings(sip2);
      } catch (err) {
        throw new CliError((err as Error).message);
      }
    }
    const payments = values[PAYMENT_CHANNELS_SECRET];
    if (payments) {
      try {
        parsePaymentChannels(payments);
      } catch (err) {
        throw new CliError((err as Error).message);
      }
    }
    await withServices(async (s) => {
      const t = await findTenant(s, o.tenant);
      if (key !== undefined) await s.sso.setExternalKey(t.id, key);
      if (sip2 !== undefined) await s.circulation.setSip2Connection(t.id, sip2);
      if (payments !== undefined) await s.fines.setChannels(t.id, payments);
      console.log(`set ${Object.keys(values).join(', ')} for ${t.name}`);
    });
  });
