import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';

/** The product's dark blue, lightest to darkest; shade 8 is the primary colour. */
const brand: MantineColorsTuple = [
  '#e9eefb',
  '#ced8f1',
  '#9daee2',
  '#6982d4',
  '#3f5dc8',
  '#2647c1',
  '#183bbf',
  '#0d2fa8',
  '#082896',
  '#001f7f',
];

/** The one theme of the shell; remotes inherit it through the shared MantineProvider. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  defaultRadius: 'md',
  components: {
    // A table wider than its page scrolls inside its container; the container holds its
    // absolutely placed parts too (a sort button's hidden label), which would otherwise
    // widen the whole page.
    TableScrollContainer: { styles: { scrollContainer: { position: 'relative' } } },
  },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});

/**
 * Mantine's colour scheme, not stored by Mantine: the scheme is a choice of the signed-in
 * user, kept with their theme options (app/theme/useAppearance.ts), and the screens
 * without a session stay light.
 */
export const unstoredColorScheme: MantineColorSchemeManager = {
  get: (defaultValue) => defaultValue,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/** The product's ink (the logo): its dark blue on light pages, white on dark ones. */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--autoscope-ink': brand[9] },
  dark: { '--autoscope-ink': '#ffffff' },
});
