/** @jsxImportSource preact */
import './widget.css';
import { render } from 'preact';
import { translator } from './i18n';
import { TextsContext } from './texts';
import { readWidgetAddress } from './widget-address';
import { WidgetApp } from './widget-app';

/*
 * The booking widget's own entry (widget.html), framed by practices' websites at 410 × 365 px. It is Preact, not
 * React, and loads nothing of the staff app or the public pages: its first view must stay within 30 kB (brotli), which
 * the build's first-view budget enforces. Only types and small zod-free modules come from @praxia/shared.
 */

const { address, language } = readWidgetAddress(window.location.pathname, window.location.search, navigator.languages);
document.documentElement.lang = language;
const t = translator(language);
document.title = t('title');

const container = document.getElementById('root');
if (!container) throw new Error('widget.html has no #root element');

render(
  <TextsContext.Provider value={{ language, t }}>
    {address ? <WidgetApp address={address} /> : <p class="notice">{t('notFound')}</p>}
  </TextsContext.Provider>,
  container,
);
