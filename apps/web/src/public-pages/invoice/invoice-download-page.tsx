import { type FormEvent, useEffect, useState } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from '../i18n';
import {
  type CodeRequestResult,
  type DeliveryLoad,
  downloadWithCode,
  loadDelivery,
  requestCode,
  saveFile,
} from './invoice-download-api';

/** The token is the last part of /rechnung/{token}. */
const tokenFromPath = () => decodeURIComponent(window.location.pathname.split('/').filter(Boolean)[1] ?? '');

type Message = { tone: 'status' | 'alert'; text: string } | null;

/** The page is personal: search engines must not list it (the server also says so in a header). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/**
 * /rechnung/{token}: the link in the patient's e-mail (issue 11). It names the practice and the document, sends a
 * 6-digit code by SMS on request, and downloads the PDF for the code. Nothing is loaded before the patient acts
 * beyond the link's short description, so a mail scanner opening the link sends no SMS.
 */
export function InvoiceDownloadPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('invoicePage.title'));
  useNoIndex();
  const [token] = useState(tokenFromPath);
  const [load, setLoad] = useState<DeliveryLoad | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  useEffect(() => {
    if (token) void loadDelivery(token).then(setLoad);
    else setLoad({ kind: 'unknown' });
  }, [token]);

  if (!load) {
    return (
      <p className="loading" role="status">
        {t('app.loading')}
      </p>
    );
  }
  if (load.kind !== 'ok') {
    return (
      <article className="card">
        <h1>{t('invoicePage.title')}</h1>
        <p role="alert">{t(`invoicePage.${load.kind === 'failed' ? 'loadFailed' : load.kind}`)}</p>
      </article>
    );
  }

  const codeRequestTexts: Record<CodeRequestResult, Message> = {
    sent: { tone: 'status', text: t('invoicePage.codeSent') },
    tooSoon: { tone: 'alert', text: t('invoicePage.tooSoon') },
    rateLimited: { tone: 'alert', text: t('invoicePage.rateLimited') },
    locked: { tone: 'alert', text: t('invoicePage.locked') },
    unavailable: { tone: 'alert', text: t('invoicePage.smsUnavailable') },
    unknown: { tone: 'alert', text: t('invoicePage.unknown') },
    failed: { tone: 'alert', text: t('invoicePage.failed') },
  };

  const askForCode = async () => {
    setBusy(true);
    setMessage(codeRequestTexts[await requestCode(token)]);
    setBusy(false);
  };

  const download = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setMessage({ tone: 'alert', text: t('invoicePage.codeFormat') });
      return;
    }
    setBusy(true);
    const result = await downloadWithCode(token, code);
    setBusy(false);
    if (result.kind === 'file') {
      saveFile(result.blob, result.fileName);
      setMessage({ tone: 'status', text: t('invoicePage.done') });
    } else if (result.kind === 'wrong') {
      setMessage({ tone: 'alert', text: t('invoicePage.wrongCode', { count: result.triesLeft }) });
    } else {
      setMessage({ tone: 'alert', text: t(`invoicePage.${result.kind}`) });
    }
    setCode('');
  };

  const { info } = load;
  return (
    <article className="card">
      <h1>{t('invoicePage.title')}</h1>
      <p>{t('invoicePage.intro', { practice: info.practiceName, document: info.documentLabel })}</p>
      {/* Non-breaking spaces keep the masked number on one line at 360 px. */}
      <p>{t('invoicePage.explain', { mobile: info.maskedMobile.replaceAll(' ', '\u00a0') })}</p>
      <button type="button" className="primary" disabled={busy} onClick={() => void askForCode()}>
        {t('invoicePage.requestCode')}
      </button>
      <form className="code-form" onSubmit={(event) => void download(event)} noValidate>
        <label htmlFor="invoice-code">{t('invoicePage.codeLabel')}</label>
        <input
          id="invoice-code"
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={6}
          aria-describedby="invoice-code-hint"
        />
        <p id="invoice-code-hint" className="muted">
          {t('invoicePage.codeHint')}
        </p>
        <button type="submit" className="primary" disabled={busy}>
          {t('invoicePage.download')}
        </button>
      </form>
      {message && (
        <p className={message.tone === 'status' ? 'success' : 'warning'} role={message.tone}>
          {message.text}
        </p>
      )}
    </article>
  );
}
