import { createTheme, type MantineColorsTuple } from '@mantine/core';

// One calm petrol accent; shade 7 keeps white button text above 4.5:1 contrast (WCAG AA).
const petrol: MantineColorsTuple = [
  '#e6f4f4',
  '#cce6e7',
  '#99cdd0',
  '#66b3b8',
  '#3d9ca2',
  '#248c93',
  '#13838b',
  '#036f76',
  '#00636a',
  '#00565c',
];

/*
 * Mantine's gray, red and orange, with the shades that colour text darkened to WCAG AA (4.5:1) on white, on the
 * light page background and on their own light fills (a hovered red menu item too): gray 6 is the 'dimmed' text (was 3.3:1), red 6 the error
 * messages under fields, shade 7 (the primary shade) red and orange text, light buttons and filled buttons (were
 * 2.9:1 to 3.8:1). Fixed here once so no screen has to pick its own shade.
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#666d75',
  '#495057',
  '#343a40',
  '#212529',
];
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#bd2626',
  '#b02525',
  '#9c2020',
  '#871b1b',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#c2410c',
  '#a84300',
  '#963c00',
  '#843500',
];

/** System fonts only: no third-party font downloads (design/ui.md). */
const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif';

/*
 * An open menu, list of options or tooltip belongs to the page's main landmark rather than to a loose node at the end of <body>
 * (axe region). Every layout has one <main>; floating positioning keeps the dropdown unclipped and above dialogs.
 */
const IN_MAIN_LANDMARK = { target: 'main' };

export const theme = createTheme({
  primaryColor: 'petrol',
  primaryShade: 7,
  colors: { petrol, gray, red, orange },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '600' },
  defaultRadius: 'md',
  // 'xs' is the spec's sidebar breakpoint: below 500 px a menu button opens the sidebar.
  breakpoints: { xs: '31.25em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  focusRing: 'auto',
  // Light fills (the orange update notice) get dark text automatically.
  autoContrast: true,
  cursorType: 'pointer',
  components: {
    // Required fields carry the `required` attribute (announced by screen readers) but no asterisk: the label text
    // stays exactly the catalogue text, which is also how tests and voice control find a field.
    TextInput: { defaultProps: { withAsterisk: false } },
    PasswordInput: { defaultProps: { withAsterisk: false } },
    // Options mount only while open, so the closed list is not a second element labelled like the field.
    Select: { defaultProps: { withAsterisk: false, comboboxProps: { keepMounted: false } } },
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    Notification: { defaultProps: { withBorder: true } },
    // A `header` inside a dialog reads as a second page banner (axe): Mantine's one-piece Modal (e.g. the date
    // pickers' phone dialog) gets a plain box, as AppModal composes by hand.
    ModalHeader: { defaultProps: { component: 'div' } },
    Menu: {
      defaultProps: {
        // Mantine's focus placeholder is a role-less child of role="menu", which may hold only menu items (axe
        // aria-required-children); without it the menu focuses its first item on opening, as the ARIA pattern does.
        withInitialFocusPlaceholder: false,
      },
    },
    // Menus, the lists of selects and the date pickers open in a Popover.
    Popover: { defaultProps: { portalProps: IN_MAIN_LANDMARK } },
    Tooltip: { defaultProps: { portalProps: IN_MAIN_LANDMARK } },
  },
});
