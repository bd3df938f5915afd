// @vitest-environment jsdom
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import Switch from '@mui/material/Switch';
import {
  decomposeColor,
  getContrastRatio,
  recomposeColor,
  ThemeProvider,
  type Theme,
} from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppTheme, type APP_COMPONENTS } from './theme';

afterEach(cleanup);

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

  it.each(['light', 'dark'] as const)(
    'rings the whole checkbox, radio and switch control on keyboard focus (%s mode), not only its icon',
    async (mode) => {
      const user = userEvent.setup();
      const theme = createAppTheme(mode);
      render(
        <ThemeProvider theme={theme}>
          <FormControlLabel control={<Checkbox />} label="Female" />
          <FormControlLabel control={<Radio />} label="Morning" />
          <FormControlLabel control={<Switch />} label="Remember me" />
        </ThemeProvider>,
      );
      for (const [role, name] of [
        ['checkbox', 'Female'],
        ['radio', 'Morning'],
        ['switch', 'Remember me'],
      ] as const) {
        await user.tab();
        const input = screen.getByRole(role, { name });
        expect(document.activeElement).toBe(input);
        // The control's round box (ButtonBase) is what the patient sees focused. jsdom does not
        // match :focus-visible, so the state Material UI sets on keyboard focus is set here.
        const control = input.closest<HTMLElement>('.MuiButtonBase-root')!;
        control.classList.add('Mui-focusVisible');
        const style = getComputedStyle(control);
        expect({ style: style.outlineStyle, width: style.outlineWidth }).toEqual({
          style: 'solid',
          width: '3px',
        });
        // Material UI resolves the offset as calc(var(--_focusVisible-offset, 1) * 2px): outset 2 px
        expect(style.outlineOffset).toMatch(/^(2px|calc\(var\(--_focusVisible-offset, 1\) \* 2px\))$/);
        expect(style.outlineColor).toBe(recomposeColor(decomposeColor(theme.palette.primary.main)));
        // One ring: the icon's (Material UI's default place for it) and the switch track's are dropped.
        const icon = control.querySelector('svg');
        if (icon) expect(getComputedStyle(icon).outlineStyle).toBe('none');
        const track = control.parentElement?.querySelector('.MuiSwitch-track');
        if (track) expect(getComputedStyle(track).outlineStyle).toBe('none');
        control.classList.remove('Mui-focusVisible');
        expect(getComputedStyle(control).outlineStyle).not.toBe('solid');
      }
    },
  );

  it('keeps the control ring in a widget colour', () => {
    const theme = createAppTheme('light', { primaryColor: '#024E94' });
    const ring = rootStyle(theme, 'MuiCheckbox')['&.Mui-focusVisible'];
    expect(ring).toMatchObject({ outlineWidth: 3, outlineColor: theme.palette.primary.main });
  });
});
