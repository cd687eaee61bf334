// The whole catalogue, added to the sign-in page's sections (./i18n.ts) when the staff app loads. The `?staff` query
// makes this a module of its own: the sign-in page and the public pages import a few sections of the same file, and
// sharing one module would put the whole catalogue into their first view (see vite-env.d.ts).
import de from '../../../../packages/shared/src/i18n/de.json?staff';
import en from '../../../../packages/shared/src/i18n/en.json?staff';
import { i18n } from './i18n';

i18n.addResourceBundle('de', 'translation', de, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
