import { formatPracticeDate, formatPracticeDateTime } from '@praxia/shared/dates';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from '../i18n';
import { NotFoundPage } from '../not-found-page';
import { type CancelInfo, type CancelLoad, cancelByLink, loadCancelInfo } from './cancel-api';

const timeOf = (instant: string) => formatPracticeDateTime(instant).slice(11);

/** The security token is the last part of /appointment/cancel/{securityToken}. */
const tokenFromPath = () => decodeURIComponent(window.location.pathname.split('/').filter(Boolean)[2] ?? '');

function AppointmentSummary({ info }: { info: CancelInfo }) {
  const { t } = useTranslation();
  return (
    <dl className="summary">
      <dt>{t('cancelPage.when')}</dt>
      <dd>
        {t('cancelPage.dateTime', {
          date: formatPracticeDate(info.appointmentStart),
          start: timeOf(info.appointmentStart),
          end: timeOf(info.appointmentEnd),
        })}
      </dd>
      <dt>{t('cancelPage.with')}</dt>
      <dd>
        {info.therapistName}, {info.practiceName}
      </dd>
      <dt>{t('cancelPage.where')}</dt>
      <dd>{info.location === 'remote' ? t('cancelPage.online') : t('cancelPage.onSite')}</dd>
    </dl>
  );
}

/**
 * /appointment/cancel/{securityToken} (appointments §2.4): the link of the booking confirmation. It shows the
 * appointment, a warning and the cancel button, then the success message; an unknown or used link is the 404 page.
 */
export function CancelPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('cancelPage.title'));
  const [token] = useState(tokenFromPath);
  const [load, setLoad] = useState<CancelLoad | null>(null);
  const [step, setStep] = useState<'ask' | 'sending' | 'done' | 'failed'>('ask');

  useEffect(() => {
    if (token) void loadCancelInfo(token).then(setLoad);
  }, [token]);

  if (!token || load?.kind === 'unknown') return <NotFoundPage />;
  if (!load) {
    return (
      <p className="loading" role="status">
        {t('app.loading')}
      </p>
    );
  }
  if (load.kind === 'failed') {
    return (
      <article className="card">
        <h1>{t('cancelPage.title')}</h1>
        <p role="alert">{t('cancelPage.loadFailed')}</p>
      </article>
    );
  }

  const cancel = async () => {
    setStep('sending');
    setStep((await cancelByLink(token)) ? 'done' : 'failed');
  };

  return (
    <article className="card">
      <h1>{t('cancelPage.title')}</h1>
      <AppointmentSummary info={load.info} />
      {step === 'done' ? (
        <p className="success" role="status">
          {t('cancelPage.done')}
        </p>
      ) : (
        <>
          <p className="warning">{t('cancelPage.warning')}</p>
          {step === 'failed' && <p role="alert">{t('cancelPage.failed')}</p>}
          <button type="button" className="danger" disabled={step === 'sending'} onClick={() => void cancel()}>
            {t('cancelPage.submit')}
          </button>
        </>
      )}
    </article>
  );
}
