// The search and profile texts join the catalogue when one of these pages loads, not in every public page's first
// view. The `?therapist-pages` suffix makes these imports a module apart from the first view's `?public` one
// (see ../i18n.ts), so their sections land in this lazy chunk.
import { therapistPages as therapistPagesDe } from '../../../../../packages/shared/src/i18n/de.json?therapist-pages';
import { therapistPages as therapistPagesEn } from '../../../../../packages/shared/src/i18n/en.json?therapist-pages';
import { addSections } from '../i18n';

addSections('de', { therapistPages: therapistPagesDe });
addSections('en', { therapistPages: therapistPagesEn });
