import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { type Appointment, can, isBillingComplete } from '@praxia/shared';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { invoiceOpenHref } from '../invoices/api';
import { isHeldBooking, openHint } from './held-booking';

/** The check icon of complete invoice data (spec §2.2), with its text alternative. */
export function CompleteIcon({ size = 13 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <IconChecklist
      size={size}
      role="img"
      aria-label={t('calendar.completeIcon')}
      style={{ flexShrink: 0 }}
      data-testid="icon-complete"
    />
  );
}

type InvoiceProps = { invoice: NonNullable<Appointment['invoice']>; roles: number };

/**
 * "Rechnung erstellt" for a billed appointment: a link to the invoice's PDF (as the invoice list opens it) for those
 * who may read invoices, plain text for the others.
 */
export function InvoiceCreated({ invoice, roles }: InvoiceProps) {
  const { t } = useTranslation();
  if (!can(roles, 'invoice', 'read')) return <Text size="sm">{t('calendar.invoiceCreated')}</Text>;
  return (
    <Anchor href={invoiceOpenHref(invoice)} target="_blank" rel="noopener" size="sm" data-testid="invoice-link">
      {t('calendar.invoiceCreated')}
      <VisuallyHidden> ({t('calendar.invoiceLinkHint', { number: invoice.invoiceNumber })})</VisuallyHidden>
    </Anchor>
  );
}

/** The state in words with what billing still needs, or the invoice once billed (the table's state column). */
export function StateWithBilling({ appointment, roles }: { appointment: Appointment; roles: number }) {
  const { t } = useTranslation();
  const { state, billing, invoice } = appointment;
  const isOpen = state === 'taken' || state === 'billable';
  return (
    <>
      <Text size="sm">{t(`calendar.states.${state}`)}</Text>
      {isOpen && (
        <Text size="xs" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          {isBillingComplete(billing) && !isHeldBooking(appointment) && <CompleteIcon />}
          {t(`calendar.hints.${openHint(appointment)}`)}
        </Text>
      )}
      {state === 'billed' && invoice && <InvoiceCreated invoice={invoice} roles={roles} />}
    </>
  );
}
