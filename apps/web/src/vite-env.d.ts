/// <reference types="vite/client" />

/** The client's version, injected at build time (vite.config.ts) and compared with the server's. */
declare const __APP_VERSION__: string;
