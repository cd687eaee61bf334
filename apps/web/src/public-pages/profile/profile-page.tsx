import '../therapists/therapist-pages-i18n';
import '../therapists/therapist-pages.css';
import type { MapSettings } from '@praxia/shared/common/map-schemas';
import { THERAPIST_PROFILE_PREFIX, therapistSearchPath } from '@praxia/shared/public-pages';
import { fullName, missingProfileHead, profileIdsFromPath, profilePageHead } from '@praxia/shared/therapist-pages';
import { printedJobTitle } from '@praxia/shared/users/job-titles';
import type { PublicProfile, PublicProfilePractice } from '@praxia/shared/users/public-profile-schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { usePageHead, useTherapistPageText } from '../therapists/page-meta';
import type { PublicLoad } from '../therapists/public-api';
import { TherapistAvatar } from '../therapists/therapist-avatar';
import { phoneHref, websiteHref, websiteLabel } from '../therapists/therapist-format';
import { PracticeMap } from './practice-map';
import { loadMapSettings, loadPublicProfile } from './profile-api';
import { ProfileSections } from './profile-sections';

type Loaded = { profile: PublicLoad<PublicProfile>; map: PublicLoad<MapSettings> };

/** Back where the visitor came from; a visitor who arrived here directly goes to the search. */
function goBack() {
  if (window.history.length > 1) window.history.back();
  else window.location.assign(therapistSearchPath());
}

function UserNotFound() {
  const { t } = useTranslation();
  usePageHead(missingProfileHead(useTherapistPageText()));
  return (
    <article className="card">
      <h1>{t('therapistPages.notFound')}</h1>
      <p>{t('therapistPages.notFoundText')}</p>
      <button type="button" className="primary" onClick={goBack}>
        {t('therapistPages.back')}
      </button>
    </article>
  );
}

function Contact({ profile, practice }: { profile: PublicProfile; practice: PublicProfilePractice }) {
  const { t } = useTranslation();
  return (
    <section className="profile-section" aria-labelledby="profile-contact">
      <h2 id="profile-contact">{t('therapistPages.contact')}</h2>
      <address>
        <strong>{practice.name}</strong>
        {practice.street && (
          <>
            <br />
            {practice.street}
          </>
        )}
        {(practice.postalCode || practice.city) && (
          <>
            <br />
            {[practice.postalCode, practice.city].filter(Boolean).join(' ')}
          </>
        )}
      </address>
      <dl className="summary">
        {profile.phone && (
          <>
            <dt>{t('therapistPages.phone')}</dt>
            <dd>
              <a href={phoneHref(profile.phone)}>{profile.phone}</a>
            </dd>
          </>
        )}
        {profile.website && (
          <>
            <dt>{t('therapistPages.website')}</dt>
            <dd>
              <a href={websiteHref(profile.website)} target="_blank" rel="noopener nofollow">
                {websiteLabel(profile.website)} <span className="visually-hidden">{t('therapistPages.newTab')}</span>
              </a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Profile({
  profile,
  practice,
  map,
}: {
  profile: PublicProfile;
  practice: PublicProfilePractice;
  map: PublicLoad<MapSettings>;
}) {
  const { t, i18n } = useTranslation();
  const name = fullName(profile);
  const jobTitle = printedJobTitle(profile, i18n.language);
  usePageHead(profilePageHead(useTherapistPageText(), { ...profile, practiceName: practice.name }));
  return (
    <article className="card therapist-profile">
      <header className="profile-head">
        <TherapistAvatar user={profile} alt={t('therapistPages.photoOf', { name })} size="large" />
        <div>
          <h1>{name}</h1>
          {jobTitle && <p className="job-title">{jobTitle}</p>}
          <p className="muted">{practice.name}</p>
        </div>
      </header>
      <div className="profile-columns">
        <div>
          <Contact profile={profile} practice={practice} />
          <section className="profile-section" aria-labelledby="profile-booking">
            <h2 id="profile-booking">{t('therapistPages.booking')}</h2>
            <iframe
              className="booking-widget"
              src={`/appointment/widget/${profile.id}/${practice.id}`}
              title={t('therapistPages.widgetTitle', { name })}
              width={410}
              height={365}
              loading="lazy"
            />
          </section>
        </div>
        <section className="profile-section" aria-labelledby="profile-location">
          <h2 id="profile-location">{t('therapistPages.location')}</h2>
          {map.kind === 'found' ? (
            <PracticeMap practice={practice} settings={map.data} />
          ) : (
            <p className="muted">{t('therapistPages.mapFailed')}</p>
          )}
        </section>
      </div>
      <ProfileSections profile={profile} />
    </article>
  );
}

/**
 * /psychotherapie/{therapistId}/{customerId} (spec appointments §2.6): the therapist's public profile at one of
 * their practices, with the map and the booking widget. An unknown therapist, or a practice they are not listed
 * at, is 'user not found' with a way back.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const [ids] = useState(() => profileIdsFromPath(window.location.pathname, THERAPIST_PROFILE_PREFIX));
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!ids) return;
    void Promise.all([loadPublicProfile(ids.therapistId), loadMapSettings()]).then(([profile, map]) =>
      setLoaded({ profile, map }),
    );
  }, [ids]);

  if (!ids) return <UserNotFound />;
  if (!loaded) {
    return (
      <p className="loading" role="status">
        {t('app.loading')}
      </p>
    );
  }
  const { profile, map } = loaded;
  if (profile.kind === 'notFound' || profile.kind === 'invalid') return <UserNotFound />;
  if (profile.kind === 'failed') {
    return (
      <article className="card">
        <h1 role="alert">{t('therapistPages.profileLoadFailed')}</h1>
      </article>
    );
  }
  const practice = profile.data.customers.find((customer) => customer.id === ids.customerId);
  if (!practice) return <UserNotFound />;
  return <Profile profile={profile.data} practice={practice} map={map} />;
}
