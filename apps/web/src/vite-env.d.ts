/// <reference types="vite/client" />

/** The client's version, injected at build time (vite.config.ts) and compared with the server's. */
declare const __APP_VERSION__: string;

/** The whole catalogue for the staff app (src/lib/staff-texts.ts), apart from the sign-in page's and public pages' sections. */
declare module '*.json?staff' {
  const catalogue: typeof import('../../../packages/shared/src/i18n/de.json');
  export default catalogue;
}

/** The sign-in page's sections (src/lib/i18n.ts), as named imports: the build keeps only those. */
declare module '*/i18n/de.json?sign-in' {
  const catalogue: typeof import('../../../packages/shared/src/i18n/de.json');
  export = catalogue;
}
declare module '*/i18n/en.json?sign-in' {
  const catalogue: typeof import('../../../packages/shared/src/i18n/en.json');
  export = catalogue;
}
