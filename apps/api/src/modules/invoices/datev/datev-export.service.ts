import { type DatevExportQuery, ErrorCode } from '@praxia/shared';
import type { AppContext } from '../../../context.js';
import type { Actor } from '../../../plugins/actor.js';
import { AppError } from '../../../plugins/errors.js';
import { findCustomer } from '../../customers/index.js';
import { invoiceNotFound } from '../invoice-lookup.js';
import { invoiceListScope } from '../invoice-read.service.js';
import { datevBatch } from './datev-batch.js';
import { invoiceBookings, paymentBooking } from './datev-bookings.js';
import { issuedInvoicesBetween, paidInvoicesBetween } from './datev-export.repo.js';

const numbersMissing = () =>
  new AppError(ErrorCode.datevNumbersMissing, {
    status: 409,
    detail: 'The practice has no DATEV consultant and client numbers.',
  });

/**
 * GET /invoice/export/datev: the booking batch of the invoices and cancellations the caller's list covers, issued in
 * the period, and of the payments received in it, for the practice's tax adviser.
 */
export async function exportDatevBatch(ctx: AppContext, actor: Actor, query: DatevExportQuery) {
  const scope = invoiceListScope(actor, query.therapistId);
  if (scope.kind !== 'practice') throw invoiceNotFound();
  const practice = await findCustomer(ctx.db, scope.practiceId);
  if (!practice) throw invoiceNotFound();
  const { datevConsultantNumber: consultantNumber, datevClientNumber: clientNumber, datevChart: chart } = practice;
  if (consultantNumber === null || clientNumber === null) throw numbersMissing();
  const issued = await issuedInvoicesBetween(ctx.db, scope, query.dateStart, query.dateEnd);
  const paid = await paidInvoicesBetween(ctx.db, scope, query.dateStart, query.dateEnd);
  const bookings = [
    ...issued.flatMap((row) => invoiceBookings(row, chart)),
    ...paid.flatMap((row) =>
      row.paidOn && row.amountCents > 0 ? [paymentBooking({ ...row, paidOn: row.paidOn }, chart)] : [],
    ),
  ];
  const data = datevBatch(
    {
      consultantNumber,
      clientNumber,
      chart,
      fiscalYearStart: `${query.dateStart.slice(0, 4)}-01-01`,
      from: query.dateStart,
      to: query.dateEnd,
      label: `Rechnungen ${query.dateStart.slice(0, 7)}`,
      createdAt: new Date(),
    },
    bookings,
  );
  const fileName = `EXTF_Buchungsstapel_${query.dateStart.replaceAll('-', '')}_${query.dateEnd.replaceAll('-', '')}.csv`;
  return { data, fileName };
}
