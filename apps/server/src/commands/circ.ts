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
  const { AppError } = await import('../http/errors.js');
  const { t } = await import('../http/messages.js');
  try {
    return await withServices(fn);
  } catch (err) {
    if (err instanceof DeskError) throw new CliError(`${err.message} (${err.refusal})`);
    if (err instanceof AppError) throw new CliError(`${t('zh-CN', err.key, err.params)} (${err.errCode})`);
    throw err;
  }
}

/** Yuan as typed ("20", "20.5", "20.50") in fen. */
function cents(yuan: string): number {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(yuan)) throw new CliError(`--amount: yuan, such as 20 or 20.50 (not ${yuan})`);
  const [whole, part = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

circCommand
  .command('checkout')
  .description(
    "lend a copy to a reader (by card, or by the take code the reader shows), due after the loan policy's days",
  )
  .addOption(tenantOption)
  .option('--reader <reader>', "the reader's account or card number")
  .option('--take-code <code>', 'the take code the reader shows in My Library (valid 5 minutes, used once)')
  .requiredOption('--barcode <barcode>', "the copy's barcode")
  .action(async (o: { tenant: string; reader?: string; takeCode?: string; barcode: string }) => {
    if (!o.reader === !o.takeCode) throw new CliError('give --reader or --take-code (one of them)');
    const { checkout } = await import('../modules/circulation/desk-service.js');
    await desk(async (s, db) => {
      const t = await findTenant(s, o.tenant);
      const loan = await checkout(
        db.kysely,
        t.id,
        o.takeCode ? { takeCode: o.takeCode, barcode: o.barcode } : { reader: o.reader!, barcode: o.barcode },
      );
      console.log(
        `lent ${o.barcode} 《${loan.title}》 to ${o.reader ?? `reader ${loan.readerId}`}: loan ${loan.loanId}, due ${loan.dueDate}`,
      );
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
      if (loan.fine) {
        const { formatCents } = await import('@openfind/contract');
        const block = loan.fine.blockEnd ? `, no borrowing until ${loan.fine.blockEnd}` : '';
        console.log(
          `  ${loan.overdueDays} days late: fine ${formatCents(loan.fine.amountCents)} yuan${block} (record ${loan.fine.fineId})`,
        );
      }
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

circCommand
  .command('request')
  .description('place a request for a reader (a reservation, a retrieval from closed stacks, or a home delivery)')
  .addOption(tenantOption)
  .requiredOption('--reader <reader>', "the reader's account or card number")
  .requiredOption('--record <recordId>', "the record's id")
  .option('--pickup <libCode>', 'the library where the reader picks the copy up (a delivery: the main library)')
  .option('--type <type>', 'reserve, entrust or delivery', 'reserve')
  .option('--address <addressId>', "a delivery: the id of one of the reader's delivery addresses")
  .action(
    async (o: { tenant: string; reader: string; record: string; pickup?: string; type: string; address?: string }) => {
      const { findReaderByLogin } = await import('../modules/readers/reader-repository.js');
      const { PlaceRequest } = await import('@openfind/contract');
      const input = PlaceRequest.safeParse({
        recordId: o.record,
        pickupLibCode: o.pickup,
        requestType: o.type,
        addressId: o.address,
      });
      if (!input.success)
        throw new CliError(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      await desk(async (s, db) => {
        const t = await findTenant(s, o.tenant);
        const reader = await findReaderByLogin(db.kysely, t.id, o.reader);
        if (!reader) throw new CliError(`no reader ${o.reader}`);
        // As the reader's own request: a frozen account or a lost card may not (spec §6).
        if (reader.status !== 'normal')
          throw new CliError(`the card of ${o.reader} is ${reader.status} (${reader.status})`);
        const placed = await s.requests.place(t.id, reader, input.data);
        console.log(
          placed.status !== 'ready'
            ? `request ${placed.requestId}: waiting, number ${placed.queuePosition} in the queue`
            : o.type === 'delivery'
              ? `request ${placed.requestId}: a copy is held, to send (openfind circ ship --request ${placed.requestId})`
              : `request ${placed.requestId}: a copy is held until ${placed.readyUntil}, pickup code ${placed.pickupCode}`,
        );
      });
    },
  );

circCommand
  .command('ship')
  .description("send a home delivery: lend the copy held for it to its reader (the checkout's rules) and mark it sent")
  .addOption(tenantOption)
  .requiredOption('--request <requestId>', "the delivery's request id")
  .requiredOption('--tracking <trackingNo>', "the courier's tracking number")
  .action(async (o: { tenant: string; request: string; tracking: string }) => {
    const { DeskShipRequest } = await import('@openfind/contract');
    const input = DeskShipRequest.safeParse({ requestId: o.request, trackingNo: o.tracking });
    if (!input.success)
      throw new CliError(input.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));
    const { ship } = await import('../modules/circulation/desk-service.js');
    await desk(async (s, db) => {
      const t = await findTenant(s, o.tenant);
      const sent = await ship(db.kysely, t.id, input.data);
      console.log(
        `request ${input.data.requestId} sent: ${sent.barcode} 《${sent.title}》 lent to reader ${sent.readerId}, ` +
          `due ${sent.dueDate}, tracking ${input.data.trackingNo}`,
      );
    });
  });

circCommand
  .command('fulfil')
  .description('lend the copy held for a request to its reader, found by the pickup code the reader shows')
  .addOption(tenantOption)
  .requiredOption('--code <pickupCode>', 'the pickup code of a ready request')
  .action(async (o: { tenant: string; code: string }) => {
    const { checkout } = await import('../modules/circulation/desk-service.js');
    const { findReadyRequestByCode } = await import('../modules/circulation/request-repository.js');
    const { findReaderById } = await import('../modules/readers/reader-repository.js');
    await desk(async (s, db) => {
      const t = await findTenant(s, o.tenant);
      const request = await findReadyRequestByCode(db.kysely, t.id, o.code.trim());
      if (!request?.barcode) throw new CliError(`no request ready with pickup code ${o.code}`);
      const reader = await findReaderById(db.kysely, t.id, request.reader_id);
      if (!reader) throw new CliError(`the request's reader is gone`);
      const loan = await checkout(db.kysely, t.id, { reader: reader.account, barcode: request.barcode });
      console.log(
        `request ${request.id} fulfilled: ${request.barcode} 《${loan.title}》 lent to ${reader.account}, due ${loan.dueDate}`,
      );
    });
  });

circCommand
  .command('fine')
  .description('charge a reader: a lost or damaged copy, or another cause')
  .addOption(tenantOption)
  .requiredOption('--reader <reader>', "the reader's account or card number")
  .requiredOption('--amount <yuan>', 'the sum, in yuan (20 or 20.50)')
  .option('--kind <kind>', 'lost, damaged or other', 'other')
  .option('--barcode <barcode>', 'the copy concerned')
  .option('--title <title>', 'what it is for (the title of the copy)', '')
  .option('--note <note>', 'a note the reader sees', '')
  .action(
    async (o: {
      tenant: string;
      reader: string;
      amount: string;
      kind: string;
      barcode?: string;
      title: string;
      note: string;
    }) => {
      if (!['lost', 'damaged', 'other'].includes(o.kind)) throw new CliError('--kind: lost, damaged or other');
      const amountCents = cents(o.amount);
      if (amountCents <= 0) throw new CliError('--amount: more than 0');
      await desk(async (s) => {
        const t = await findTenant(s, o.tenant);
        const id = await s.fines.charge(t.id, o.reader, {
          kind: o.kind as 'lost' | 'damaged' | 'other',
          amountCents,
          barcode: o.barcode ?? null,
          title: o.title.slice(0, 500),
          note: o.note.slice(0, 500),
        });
        console.log(`charged ${o.reader} ${o.amount} yuan (${o.kind}): record ${id}`);
      });
    },
  );

circCommand
  .command('pay')
  .description(
    "take a reader's payment at the desk: the records named, else everything owed (those marked for the desk too)",
  )
  .addOption(tenantOption)
  .requiredOption('--reader <reader>', "the reader's account or card number")
  .option('--fines <ids>', 'comma-separated record ids (default: all owed)')
  .option('--staff <name>', 'who took the money', 'desk')
  .action(async (o: { tenant: string; reader: string; fines?: string; staff: string }) => {
    const ids = o.fines ? o.fines.split(',').map((v) => Number(v.trim())) : null;
    if (ids?.some((id) => !Number.isSafeInteger(id) || id <= 0))
      throw new CliError('--fines: record ids, such as 12,13');
    await desk(async (s) => {
      const t = await findTenant(s, o.tenant);
      const paid = await s.fines.payAtDesk(t.id, o.reader, o.staff.slice(0, 100), ids);
      console.log(`${o.reader} paid ${paid.amount} yuan at the desk (${paid.fines} records)`);
    });
  });
