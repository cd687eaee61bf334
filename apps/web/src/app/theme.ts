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

/** System fonts only: no third-party font downloads (design/ui.md). */
const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'petrol',
  primaryShade: 7,
  colors: { petrol },
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
  },
});
