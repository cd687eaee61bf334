import { useTranslation } from 'react-i18next';

/** When the staff app's code cannot be fetched (offline, a deploy removed the old files): say so and offer a reload. */
export function StaffAppLoadFailure() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      style={{ maxWidth: 440, margin: '4rem auto', padding: '1rem', fontFamily: 'system-ui, sans-serif' }}
    >
      <p>{t('app.loadFailed')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('version.refresh')}
      </button>
    </div>
  );
}
