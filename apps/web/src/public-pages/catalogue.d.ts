// The public pages import the catalogues with a `?public` suffix: a module of their own, apart from the staff app's
// full import, so the build can keep only the sections they name (see ./i18n.ts). Typed as the catalogue itself.
declare module '*/i18n/de.json?public' {
  const catalogue: typeof import('../../../../packages/shared/src/i18n/de.json');
  export = catalogue;
}
declare module '*/i18n/en.json?public' {
  const catalogue: typeof import('../../../../packages/shared/src/i18n/en.json');
  export = catalogue;
}
declare module '*/i18n/de.json?therapist-pages' {
  const catalogue: typeof import('../../../../packages/shared/src/i18n/de.json');
  export = catalogue;
}
declare module '*/i18n/en.json?therapist-pages' {
  const catalogue: typeof import('../../../../packages/shared/src/i18n/en.json');
  export = catalogue;
}
