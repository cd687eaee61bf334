import type { MapSettings } from '@praxia/shared/common/map-schemas';
import { MAP_CREATE_DELAY_MS, MAP_DEFAULT_POSITION } from '@praxia/shared/constants';
import type { PublicProfilePractice } from '@praxia/shared/users/public-profile-schemas';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n';

const hostOf = (tileUrl: string) => {
  try {
    return new URL(tileUrl, window.location.href).host;
  } catch {
    return tileUrl;
  }
};

/**
 * The practice on a map (spec appointments §2.6: red marker, zoom 15, fallback position). Tiles from another server
 * tell it the visitor's address, so they load only after the visitor asks ('Karte anzeigen'); tiles from our own
 * origin load by themselves after 1 s. Leaflet is fetched only then, never with the page.
 */
export function PracticeMap({ practice, settings }: { practice: PublicProfilePractice; settings: MapSettings }) {
  const { t } = useTranslation();
  const element = useRef<HTMLElement>(null);
  const [isWanted, setWanted] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  const hasPosition = practice.latitude !== null && practice.longitude !== null;
  const host = hostOf(settings.tileUrl);

  useEffect(() => {
    if (!settings.sameOrigin) return;
    const timer = window.setTimeout(() => setWanted(true), MAP_CREATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [settings.sameOrigin]);

  useEffect(() => {
    if (!isWanted || !element.current) return;
    const target = element.current;
    let remove: (() => void) | undefined;
    let isCancelled = false;
    import('./leaflet-map')
      .then(({ createPracticeMap }) => {
        if (isCancelled) return;
        remove = createPracticeMap(target, {
          center:
            practice.latitude !== null && practice.longitude !== null
              ? { latitude: practice.latitude, longitude: practice.longitude }
              : MAP_DEFAULT_POSITION,
          hasMarker: practice.latitude !== null && practice.longitude !== null,
          tileUrl: settings.tileUrl,
          attribution: settings.attribution,
        });
      })
      .catch(() => setFailed(true));
    return () => {
      isCancelled = true;
      remove?.();
    };
  }, [isWanted, practice.latitude, practice.longitude, settings.tileUrl, settings.attribution]);

  return (
    <div className="practice-map">
      {!hasPosition && <p className="muted">{t('therapistPages.mapPositionUnknown')}</p>}
      <section
        ref={element}
        className="practice-map-canvas"
        aria-label={t('therapistPages.mapLabel', { practice: practice.name })}
        hidden={!isWanted}
      />
      {!isWanted && !settings.sameOrigin && (
        <div className="map-consent">
          <p>{t('therapistPages.mapConsent', { host })}</p>
          <button type="button" className="primary" onClick={() => setWanted(true)}>
            {t('therapistPages.showMap')}
          </button>
        </div>
      )}
      {hasFailed && <p role="alert">{t('therapistPages.mapFailed')}</p>}
    </div>
  );
}
