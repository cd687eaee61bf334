import { VisuallyHidden } from '@mantine/core';
import type { Appointment } from '@praxia/shared';
import { IconCircleCheck, IconCoins } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CompleteIcon } from './billing-status';
import { cellFacts } from './week-cells';
import classes from './week-view.module.css';

/** The patient's name as the calendar shows it ('' for a free slot). */
export function clientName(appointment: Appointment): string {
  const client = appointment.client;
  return client ? [client.firstName, client.lastName].filter(Boolean).join(' ') : '';
}

/** What a screen reader hears for a cell: time, patient, type, state and the hint. */
export function appointmentLabel(appointment: Appointment, t: TFunction): string {
  const facts = cellFacts(appointment);
  const parts = [
    facts.timeRange,
    facts.isFree ? t('calendar.freeSlot') : clientName(appointment),
    appointment.meetingType?.name ?? t('calendar.noType'),
    appointment.location === 'remote' ? t('calendar.online') : null,
    t(`calendar.states.${appointment.state}`),
    facts.hint ? t(`calendar.hints.${facts.hint}`) : null,
  ];
  return parts.filter(Boolean).join(', ');
}

const Pause = () => <VisuallyHidden>, </VisuallyHidden>;

/**
 * A cell's contents (spec §2.2): time, patient name, type, the billing icons (coins when billable, a check when
 * billed) and a line with the state in words and what billing still needs — the check icon when the invoice data is
 * complete, "Rechnung erstellt" once billed. Icons always come with words, so colour and shape are never the only
 * signal.
 */
export function AppointmentCellContent({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation();
  const facts = cellFacts(appointment);
  const note = facts.isBilled ? t('calendar.invoiceCreated') : facts.hint ? t(`calendar.hints.${facts.hint}`) : null;
  return (
    <>
      <span className={classes.cellLine} style={{ fontWeight: 600 }}>
        {facts.timeRange}
        {facts.isBillable && <IconCoins size={13} aria-hidden data-testid="icon-billable" />}
        {facts.isBilled && <IconCircleCheck size={13} aria-hidden data-testid="icon-billed" />}
        <Pause />
      </span>
      <span className={classes.cellLine}>
        {facts.isFree ? t('calendar.freeSlot') : clientName(appointment)}
        <Pause />
      </span>
      <span className={classes.cellLine}>
        {appointment.meetingType?.name ?? t('calendar.noType')}
        {appointment.location === 'remote' ? ` · ${t('calendar.online')}` : ''}
        <Pause />
      </span>
      {!facts.isFree && (
        <span className={classes.cellLine} data-testid="cell-state">
          {facts.isComplete && <CompleteIcon />}
          <span className={classes.cellText}>
            <span className={classes.stateWord}>{t(`calendar.states.${appointment.state}`)}</span>
            {note && (
              <>
                {' · '}
                <span data-testid="cell-hint">{note}</span>
              </>
            )}
          </span>
        </span>
      )}
    </>
  );
}
