import { formatPracticeDateTime } from '@praxia/shared/dates';
import { therapistProfilePath } from '@praxia/shared/public-pages';
import { fullName } from '@praxia/shared/therapist-pages';
import { printedJobTitle } from '@praxia/shared/users/job-titles';
import type { TherapistSearchResult } from '@praxia/shared/users/search-schemas';
import { useTranslation } from '../i18n';
import { TherapistAvatar } from '../therapists/therapist-avatar';
import { formatKilometres } from '../therapists/therapist-format';

/** One therapist of the search: the whole card opens the profile (the name is the link; its area covers the card). */
export function ResultCard({ result }: { result: TherapistSearchResult }) {
  const { t, i18n } = useTranslation();
  const { user } = result;
  const name = fullName(user);
  const jobTitle = printedJobTitle(user, i18n.language);
  const next = result.nextFreeAppointment;
  return (
    <li className="result-card">
      <TherapistAvatar user={user} alt={t('therapistPages.photoOf', { name })} size="small" />
      <div className="result-body">
        <h3>
          <a href={therapistProfilePath(user.id, result.customerId)}>{name}</a>
        </h3>
        {jobTitle && <p className="muted">{jobTitle}</p>}
        <p>{user.practice.name}</p>
        <p className="muted">
          {result.distance < 1
            ? t('therapistPages.distanceNear')
            : t('therapistPages.distance', { distance: formatKilometres(result.distance, i18n.language) })}
        </p>
        <p className={next ? 'next-free' : 'muted'}>
          {next
            ? t('therapistPages.nextFree', { dateTime: formatPracticeDateTime(next.startsAt) })
            : t('therapistPages.noFreeAppointment')}
        </p>
      </div>
    </li>
  );
}
