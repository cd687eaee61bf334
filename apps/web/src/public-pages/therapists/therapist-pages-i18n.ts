import i18n from 'i18next';
// The search and profile texts join the catalogue when one of these pages loads, not in every public page's first
// view. The `?therapist-pages` suffix makes these imports a module apart from the first view's `?public` one
// (see ../i18n.ts), so their sections land in this lazy chunk.
import { therapistPages as therapistPagesDe } from '../../../../../packages/shared/src/i18n/de.json?therapist-pages';
import { therapistPages as therapistPagesEn } from '../../../../../packages/shared/src/i18n/en.json?therapist-pages';

i18n.addResourceBundle('de', 'translation', { therapistPages: therapistPagesDe }, true);
i18n.addResourceBundle('en', 'translation', { therapistPages: therapistPagesEn }, true);
