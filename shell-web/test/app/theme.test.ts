import { afterEach, describe, expect, it } from 'vitest';

import {
  DEFAULT_THEME,
  loadThemeOptions,
  parseThemeOptions,
  saveThemeOptions,
  themeStorageKey,
} from '../../src/app/theme/options';

afterEach(() => localStorage.clear());

describe('theme defaults', () => {
  it('fix the sidebar, header and title as the product starts', () => {
    expect(DEFAULT_THEME).toMatchObject({
      sidebarShadow: false,
      sidebarFixed: true,
      sidebarFooter: true,
      sidebarUserbox: true,
      sidebarToggle: false,
      headerFixed: true,
      headerShadow: true,
      footerFixed: false,
      footerShadow: false,
      pageTitleBreadcrumb: false,
      pageTitleIconBox: true,
      pageTitleDescription: true,
    });
  });

  it('start plain for the other options', () => {
    expect(DEFAULT_THEME).toMatchObject({
      colorScheme: 'light',
      density: 'comfortable',
      contentBackground: 'default',
      pageTitleStyle: 1,
      pageTitleShadow: false,
    });
  });

  it('apply when nothing or something unreadable is stored', () => {
    expect(parseThemeOptions(null)).toEqual(DEFAULT_THEME);
    expect(parseThemeOptions('not json')).toEqual(DEFAULT_THEME);
    expect(parseThemeOptions('"a string"')).toEqual(DEFAULT_THEME);
  });

  it('fill in every field that is missing or of the wrong kind', () => {
    const options = parseThemeOptions(
      JSON.stringify({
        headerFixed: false,
        sidebarShadow: 'yes',
        pageTitleStyle: 7,
        contentBackground: 'purple',
        colorScheme: 'sepia',
        density: 'tiny',
      }),
    );
    expect(options).toEqual({ ...DEFAULT_THEME, headerFixed: false });
    expect(parseThemeOptions(JSON.stringify({ colorScheme: 'dark', density: 'compact' }))).toEqual({
      ...DEFAULT_THEME,
      colorScheme: 'dark',
      density: 'compact',
    });
  });
});

describe('kept per user', () => {
  it('under a key of the user, read back as saved', () => {
    const mine = {
      ...DEFAULT_THEME,
      footerFixed: true,
      pageTitleStyle: 3 as const,
      contentBackground: 'blue' as const,
    };
    saveThemeOptions('user-1', mine);
    expect(localStorage.getItem(themeStorageKey('user-1'))).not.toBeNull();
    expect(loadThemeOptions('user-1')).toEqual(mine);
    expect(loadThemeOptions('user-2')).toEqual(DEFAULT_THEME);
  });
});
