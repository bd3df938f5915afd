// @vitest-environment jsdom
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import { getContrastRatio, ThemeProvider, type Theme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppTheme, type APP_COMPONENTS } from './theme';

describe('focus and targets (issue 16)', () => {
  type Override = (props: { theme: Theme; ownerState: object }) => Record<string, unknown>;
  const rootStyle = (theme: Theme, component: keyof typeof APP_COMPONENTS): Record<string, unknown> => {
    const entry = theme.components?.[component] as { styleOverrides?: { root: Override } } | undefined;
    const root = entry?.styleOverrides;
    if (!root) throw new Error(`no overrides for ${component}`);
    return root.root({ theme, ownerState: {} });
  };
  const phoneQuery = '@media (max-width:599.95px)';

  it.each(['light', 'dark'] as const)(
    'draws a 3 px focus outline with at least 3:1 contrast in %s mode, widget colours too',
    (mode) => {
      for (const primaryColor of [undefined, '#FFD700', '#024E94', '#000000', '#FFFFFF']) {
        const theme = createAppTheme(mode, { primaryColor });
        const ring = theme.focusVisible;
        expect(ring).toMatchObject({ outlineStyle: 'solid', outlineWidth: 3 });
        const colour = (ring as { outlineColor: string }).outlineColor;
        expect(colour).toBe(theme.palette.primary.main);
        for (const surface of [theme.palette.background.default, theme.palette.background.paper]) {
          expect(getContrastRatio(colour, surface)).toBeGreaterThanOrEqual(3);
        }
      }
    },
  );

  it('gives buttons, icon buttons, checkboxes, radios, chips and links 44 px targets on phones', () => {
    const theme = createAppTheme();
    expect(theme.breakpoints.down('sm')).toBe(phoneQuery);
    expect(rootStyle(theme, 'MuiButton')[phoneQuery]).toEqual({ minHeight: 44 });
    expect(rootStyle(theme, 'MuiIconButton')[phoneQuery]).toEqual({ minWidth: 44, minHeight: 44 });
    // 24 px icon + 10 px padding on each side
    expect(rootStyle(theme, 'MuiCheckbox')[phoneQuery]).toEqual({ padding: 10 });
    expect(rootStyle(theme, 'MuiRadio')[phoneQuery]).toEqual({ padding: 10 });
    expect(rootStyle(theme, 'MuiChip')[phoneQuery]).toEqual({
      '&.MuiChip-clickable, &.MuiChip-deletable': { minHeight: 44 },
    });
    expect(rootStyle(theme, 'MuiLink')[phoneQuery]).toMatchObject({ minHeight: 44 });
  });

  it('writes buttons in sentence case', () => {
    const theme = createAppTheme();
    expect(theme.typography.button.textTransform).toBe('none');
    expect(rootStyle(theme, 'MuiButton').textTransform).toBe('none');
  });

  it('shows the focus outline when a button, checkbox and chip get keyboard focus', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={createAppTheme()}>
        <Button>Book</Button>
        <Checkbox slotProps={{ input: { 'aria-label': 'Agree' } }} />
        <Chip label="Aetna" onClick={() => undefined} />
      </ThemeProvider>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Book' }).classList).toContain('Mui-focusVisible');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Agree' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Aetna' }));
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    // Button and chip (ButtonBase), checkbox (its box) get the ring on keyboard focus
    expect(css).toMatch(
      /\.Mui-focusVisible\{[^}]*outline-style:solid;outline-color:#144F79;outline-width:3px/i,
    );
    expect(css).toMatch(/MuiChip-root[^{]*\.Mui-focusVisible\{[^}]*outline-width:3px/i);
    expect(css).toMatch(/\.Mui-focusVisible svg:first-of-type\{[^}]*outline-width:3px/i);
  });
});
