/// <reference types="vite/client" />

/** The client's version, injected at build time (vite.config.ts) and compared with the server's. */
declare const __APP_VERSION__: string;

/** The whole catalogue for the staff app (src/lib/i18n.ts), apart from the public pages' sections. */
declare module '*.json?staff' {
  const catalogue: typeof import('../../../packages/shared/src/i18n/de.json');
  export default catalogue;
}
