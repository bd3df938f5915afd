import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  createAppTheme,
  ensureContrast,
  readStoredMode,
  storeMode,
  THEME_MODE_STORAGE_KEY,
} from './theme';

function storageWith(value: string | null) {
  const items = new Map<string, string>();
  if (value !== null) items.set(THEME_MODE_STORAGE_KEY, value);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, next: string) => void items.set(key, next),
  };
}

describe('theme mode', () => {
  it("reads the stored value named 'mode', light by default", () => {
    expect(readStoredMode(storageWith(null))).toBe('light');
    expect(readStoredMode(storageWith('dark'))).toBe('dark');
    expect(readStoredMode(storageWith('purple'))).toBe('light');
    expect(readStoredMode(null)).toBe('light');
  });

  it('stores the mode under mode', () => {
    const storage = storageWith(null);
    storeMode('dark', storage);
    expect(readStoredMode(storage)).toBe('dark');
  });
});

describe('createAppTheme', () => {
  it('uses the brand colours in light mode', () => {
    const theme = createAppTheme();
    expect(theme.palette.mode).toBe('light');
    expect(theme.palette.primary.main).toBe('#144F79');
    expect(theme.palette.secondary.main).toBe('#437294');
    expect(theme.palette.primary.light).not.toBe(theme.palette.primary.main);
    expect(theme.palette.primary.dark).not.toBe(theme.palette.primary.main);
  });

  it('has the nine breakpoints of spec section 9', () => {
    expect(createAppTheme().breakpoints.values).toEqual({
      xs: 0,
      xsm: 400,
      sm: 600,
      smd: 750,
      md: 900,
      mlg: 1050,
      lg: 1200,
      lxl: 1350,
      xl: 1536,
    });
    expect(BREAKPOINTS.mlg).toBe(1050);
    expect(createAppTheme().breakpoints.up('smd')).toBe('@media (min-width:750px)');
  });

  it.each(['light', 'dark'] as const)('keeps text readable (WCAG AA) in %s mode', (mode) => {
    const theme = createAppTheme(mode);
    const background = theme.palette.background.default;
    for (const colour of [theme.palette.primary, theme.palette.secondary]) {
      expect(getContrastRatio(colour.main, colour.contrastText)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(colour.main, background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('overrides the primary colour with a widget colour', () => {
    expect(createAppTheme('light', { primaryColor: '#024E94' }).palette.primary.main).toBe('#024E94');
  });

  it('darkens a widget colour too light to read on white', () => {
    const theme = createAppTheme('light', { primaryColor: '#FFD700' });
    expect(getContrastRatio(theme.palette.primary.main, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(
      getContrastRatio(theme.palette.primary.main, theme.palette.primary.contrastText),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('ignores a widget colour that is not a hex colour', () => {
    expect(createAppTheme('light', { primaryColor: 'javascript:alert(1)' }).palette.primary.main).toBe(
      '#144F79',
    );
    expect(createAppTheme('light', { primaryColor: null }).palette.primary.main).toBe('#144F79');
  });

  it('leaves a colour that already has enough contrast unchanged', () => {
    expect(ensureContrast('#144F79', '#FFFFFF')).toBe('#144F79');
  });
});
