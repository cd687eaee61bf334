/** @jsxImportSource preact */
import './video.css';
import { render } from 'preact';
import { pickLanguage } from '../lib/guest-language';
import { translator } from './i18n';
import { TextsContext } from './texts';
import { readToken } from './video-api';
import { VideoApp } from './video-app';

/*
 * The video consultation's own entry (video.html, /video/{token}), for the therapist and the patient alike. It is
 * Preact, not React, and loads nothing of the staff app or the public pages: its first view must stay within 40 kB
 * (brotli), which the build's first-view budget enforces. From @praxia/shared only types, constants and small modules.
 */

const language = pickLanguage(window.location.search, navigator.languages);
document.documentElement.lang = language;
const t = translator(language);
// The app's tab convention: '<page> – Praxia'.
document.title = `${t('title')} – Praxia`;

const container = document.getElementById('root');
if (!container) throw new Error('video.html has no #root element');

render(
  <TextsContext.Provider value={{ language, t }}>
    <VideoApp token={readToken(window.location.pathname)} />
  </TextsContext.Provider>,
  container,
);
