/** Spec foundations §9: probationary sessions are marked on the first 5 appointments. */
export const PROBATORY_SESSION_COUNT = 5;

/**
 * The 'two named consultation and acute-therapy billing codes' (spec foundations, invoiceAssessmentSessions): 812a,
 * the 2024 analog number for the psychotherapeutic Sprechstunde and Akutbehandlung (domain.md), and 812 itself, the
 * psychiatric emergency treatment it refers to. Neither is a trial session before a therapy.
 */
export const NON_PROBATORY_CODES: readonly string[] = ['812', '812a'];

export type PatientAppointment<Id> = { id: Id; startsAt: Date | string; codes: readonly (string | null)[] };

/**
 * The ids of a patient's appointments (with one therapist; cancelled and free slots left out by the caller) that the
 * invoice marks as probatory, when the therapist's setting is on. Consultation and acute-therapy appointments are
 * neither marked nor counted: the trial sessions follow the Sprechstunde, so the five are the first five others.
 */
export function probatoryAppointmentIds<Id>(
  appointments: readonly PatientAppointment<Id>[],
  options: { markProbatory: boolean },
): Set<Id> {
  if (!options.markProbatory) return new Set();
  const time = (appointment: PatientAppointment<Id>) => new Date(appointment.startsAt).getTime();
  const isConsultationOrAcute = (appointment: PatientAppointment<Id>) =>
    appointment.codes.some((code) => code !== null && NON_PROBATORY_CODES.includes(code));
  const ordered = [...appointments].sort((a, b) => time(a) - time(b));
  return new Set(
    ordered
      .filter((appointment) => !isConsultationOrAcute(appointment))
      .slice(0, PROBATORY_SESSION_COUNT)
      .map((appointment) => appointment.id),
  );
}
