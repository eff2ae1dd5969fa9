/**
 * The theme configurator's options: their defaults, and how they are
 * kept per user in local storage.
 */

/** The content area's background colours the configurator offers. */
export const CONTENT_BACKGROUNDS = {
  default: { label: 'Light grey', color: '#f4f5fd' },
  white: { label: 'White', color: '#ffffff' },
  blue: { label: 'Light blue', color: '#eef4fc' },
  green: { label: 'Light green', color: '#eefaf3' },
  sand: { label: 'Sand', color: '#fbf7ef' },
} as const;

export type ContentBackground = keyof typeof CONTENT_BACKGROUNDS;

export type PageTitleStyle = 1 | 2 | 3 | 4;

/** Light, dark, or as the operating system says. */
export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** How much room the screens give: Mantine's sizes as they are, or seven eighths of them. */
export const DENSITIES = { comfortable: 1, compact: 0.875 } as const;
export type Density = keyof typeof DENSITIES;

export const PAGE_TITLE_STYLES: readonly PageTitleStyle[] = [1, 2, 3, 4];

export interface ThemeOptions {
  colorScheme: ColorScheme;
  density: Density;
  sidebarShadow: boolean;
  sidebarFixed: boolean;
  sidebarFooter: boolean;
  sidebarUserbox: boolean;
  /** The sidebar is collapsed to its icons. */
  sidebarToggle: boolean;
  headerFixed: boolean;
  headerShadow: boolean;
  footerFixed: boolean;
  footerShadow: boolean;
  contentBackground: ContentBackground;
  pageTitleStyle: PageTitleStyle;
  pageTitleShadow: boolean;
  pageTitleBreadcrumb: boolean;
  pageTitleIconBox: boolean;
  pageTitleDescription: boolean;
}

/** The defaults: light and comfortable, the sidebar fixed with its footer and user box, the header fixed with a shadow, the title with its icon box and description; the other options the plainest look. */
export const DEFAULT_THEME: Readonly<ThemeOptions> = Object.freeze({
  colorScheme: 'light',
  density: 'comfortable',
  sidebarShadow: false,
  sidebarFixed: true,
  sidebarFooter: true,
  sidebarUserbox: true,
  sidebarToggle: false,
  headerFixed: true,
  headerShadow: true,
  footerFixed: false,
  footerShadow: false,
  contentBackground: 'default',
  pageTitleStyle: 1,
  pageTitleShadow: false,
  pageTitleBreadcrumb: false,
  pageTitleIconBox: true,
  pageTitleDescription: true,
});

/** The local storage key of a user's theme options. */
export function themeStorageKey(userId: string): string {
  return `autoscope.theme.${userId}`;
}

const BOOLEAN_KEYS = (Object.keys(DEFAULT_THEME) as (keyof ThemeOptions)[]).filter(
  (key) => typeof DEFAULT_THEME[key] === 'boolean',
);

/**
 * Options read back from stored text: every field that is missing or of the wrong kind
 * takes its default, so an old or damaged entry never breaks the layout.
 */
export function parseThemeOptions(text: string | null): ThemeOptions {
  const options: ThemeOptions = { ...DEFAULT_THEME };
  if (!text) return options;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return options;
  }
  if (typeof stored !== 'object' || stored === null) return options;
  const record = stored as Record<string, unknown>;
  for (const key of BOOLEAN_KEYS) {
    const value = record[key];
    if (typeof value === 'boolean') (options as unknown as Record<string, boolean>)[key] = value;
  }
  const background = record.contentBackground;
  if (typeof background === 'string' && background in CONTENT_BACKGROUNDS) {
    options.contentBackground = background as ContentBackground;
  }
  const scheme = record.colorScheme;
  if (COLOR_SCHEMES.includes(scheme as ColorScheme)) options.colorScheme = scheme as ColorScheme;
  const density = record.density;
  if (typeof density === 'string' && density in DENSITIES) options.density = density as Density;
  const style = record.pageTitleStyle;
  if (PAGE_TITLE_STYLES.includes(style as PageTitleStyle)) options.pageTitleStyle = style as PageTitleStyle;
  return options;
}

export function loadThemeOptions(userId: string): ThemeOptions {
  try {
    return parseThemeOptions(localStorage.getItem(themeStorageKey(userId)));
  } catch {
    return { ...DEFAULT_THEME };
  }
}

export function saveThemeOptions(userId: string, options: ThemeOptions): void {
  try {
    localStorage.setItem(themeStorageKey(userId), JSON.stringify(options));
  } catch {
    // A full or blocked storage only means the choice is not remembered.
  }
}
