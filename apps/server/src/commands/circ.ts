import { Command } from 'commander';
import { CliError, findTenant, tenantOption, withServices } from './support.js';

/**
 * `openfind circ`: the circulation desk of OpenFind's own circulation (the `local` provider): lend,
 * take back and renew copies, so that real loans exist outside the demo seed. Loans made here show
 * at once in the reader's My Library, hot borrowing, the ten-year chart and the copy's status.
 */
export const circCommand = new Command('circ').description("the circulation desk of OpenFind's own circulation");

/** Runs a desk operation; a refusal is the command's error (exit 1), with what the desk would say. */
async function desk<T>(fn: Parameters<typeof withServices<T>>[0]): Promise<T> {
  const { DeskError } = await import('../modules/circulation/desk-service.js');
  try {
    return await withServices(fn);
  } catch (err) {
    if (err instanceof DeskError) throw new CliError(`${err.message} (${err.refusal})`);
    throw err;
  }
}

circCommand
  .command('checkout')
  .description("lend a copy to a reader, due after the loan policy's days")
  .addOption(tenantOption)
  .requiredOption('--reader <reader>', "the reader's account or card number")
  .requiredOption('--barcode <barcode>', "the copy's barcode")
  .action(async (o: { tenant: string; reader: string; barcode: string }) => {
    const { checkout } = await import('../modules/circulation/desk-service.js');
    await desk(async (s, db) => {
      const t = await findTenant(s, o.tenant);
      const loan = await checkout(db.kysely, t.id, { reader: o.reader, barcode: o.barcode });
      console.log(`lent ${o.barcode} 《${loan.title}》 to ${o.reader}: loan ${loan.loanId}, due ${loan.dueDate}`);
    });
  });

circCommand
  .command('checkin')
  .description('take a copy back: its loan is closed today')
  .addOption(tenantOption)
  .requiredOption('--barcode <barcode>', "the copy's barcode")
  .action(async (o: { tenant: string; barcode: string }) => {
    const { checkin } = await import('../modules/circulation/desk-service.js');
    await desk(async (s, db) => {
      const t = await findTenant(s, o.tenant);
      const loan = await checkin(db.kysely, t.id, { barcode: o.barcode });
      const held = loan.heldFor === null ? 'back on the shelf' : `held for the request of reader ${loan.heldFor}`;
      console.log(`returned ${o.barcode} 《${loan.title}》: loan ${loan.loanId} closed, ${held}`);
    });
  });

circCommand
  .command('renew')
  .description("renew a reader's loan of a copy, under the same rules as the reader's own renewal")
  .addOption(tenantOption)
  .requiredOption('--reader <reader>', "the reader's account or card number")
  .requiredOption('--barcode <barcode>', "the copy's barcode")
  .action(async (o: { tenant: string; reader: string; barcode: string }) => {
    const { renewAtDesk } = await import('../modules/circulation/desk-service.js');
    await desk(async (s, db) => {
      const t = await findTenant(s, o.tenant);
      const outcome = await renewAtDesk(db.kysely, s.circulation, t.id, { reader: o.reader, barcode: o.barcode });
      if (!outcome.renewed) throw new CliError(`not renewed: ${outcome.reason} (${outcome.refusal})`);
      console.log(`renewed ${o.barcode} 《${outcome.title}》 for ${o.reader}: due ${outcome.dueDate}`);
    });
  });
