import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test-clock';
import {
  chooseOnLanding,
  continueToFindAppointment,
  newPatient,
  openLanding,
  setDarkMode,
  slotButtons,
} from './booking-support';

/*
 * Issue 16, accessibility and polish, checked in the browser: every control reached with Tab shows
 * a visible focus indicator (a 3 px outline, or a text field's thicker border, at 3:1 contrast
 * or more against the page), in both themes; on a phone every control is at least 44 × 44 px.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface FocusReport {
  what: string;
  ok: boolean;
  detail: string;
}

/** The focused element's indicator: outline (its own, or its radio card's) or a focused field's border. */
function focusReport(page: Page): Promise<FocusReport | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const parse = (color: string) => {
      const match = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(color);
      return match
        ? { r: +match[1]!, g: +match[2]!, b: +match[3]!, a: match[4] === undefined ? 1 : +match[4] }
        : null;
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: string, b: string) => {
      const x = parse(a);
      const y = parse(b);
      if (!x || !y) return 0;
      const [l1, l2] = [luminance(x), luminance(y)].sort((p, q) => q - p);
      return (l1! + 0.05) / (l2! + 0.05);
    };
    // The page's background around a control (the outline is drawn outside it).
    const backgroundAround = (control: HTMLElement) => {
      for (let node = control.parentElement; node; node = node.parentElement) {
        const color = parse(getComputedStyle(node).backgroundColor);
        if (color && color.a > 0.9) return getComputedStyle(node).backgroundColor;
      }
      return 'rgb(255, 255, 255)';
    };
    const name = `${element.tagName.toLowerCase()}[${element.getAttribute('type') ?? ''}]${element.closest('label')?.textContent?.trim().slice(0, 30) ?? ''}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const candidates: HTMLElement[] = [element];
    // A radio's card; a Material UI checkbox's or slider's visible part.
    const card = element.closest<HTMLElement>('.choice, .MuiButtonBase-root, .MuiSlider-thumb, label');
    if (card) candidates.push(card);
    for (const candidate of candidates) {
      const style = getComputedStyle(candidate);
      const width = parseFloat(style.outlineWidth);
      if (style.outlineStyle !== 'none' && width >= 3) {
        const background = backgroundAround(candidate);
        const ratio = contrast(style.outlineColor, background);
        return {
          what: name,
          ok: ratio >= 3,
          detail: `outline ${width}px ${style.outlineColor} on ${background}: ${ratio.toFixed(2)}:1`,
        };
      }
    }
    // A Material UI text field: its outline (fieldset) thickens when focused.
    const field = element.closest('.MuiOutlinedInput-root')?.querySelector('fieldset');
    if (field) {
      const style = getComputedStyle(field);
      const width = parseFloat(style.borderTopWidth);
      const ratio = contrast(style.borderTopColor, backgroundAround(field));
      return {
        what: name,
        ok: width >= 2 && ratio >= 3,
        detail: `field border ${width}px ${style.borderTopColor}: ${ratio.toFixed(2)}:1`,
      };
    }
    const styles = candidates.map((candidate) => {
      const style = getComputedStyle(candidate);
      return `${candidate.className}: outline ${style.outlineStyle} ${style.outlineWidth}, shadow ${style.boxShadow}`;
    });
    return { what: name, ok: false, detail: `no visible focus indicator (${styles.join('; ')})` };
  });
}

async function tabThrough(page: Page, stops: number): Promise<FocusReport[]> {
  const reports: FocusReport[] = [];
  const seen = new Set<string>();
  for (let stop = 0; stop < stops; stop += 1) {
    await page.keyboard.press('Tab');
    const report = await focusReport(page);
    if (!report || seen.has(report.what)) continue;
    seen.add(report.what);
    reports.push(report);
  }
  return reports;
}

const failures = (reports: FocusReport[]) =>
  reports.filter((report) => !report.ok).map((report) => `${report.what}: ${report.detail}`);

for (const dark of [false, true]) {
  test.describe(`keyboard focus (${dark ? 'dark' : 'light'} theme)`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('every control of the landing and find-a-time shows a visible focus ring', async ({ page }) => {
      await openLanding(page, 'all');
      await setDarkMode(page, dark);
      await chooseOnLanding(page, {
        service: /Emergency Dental Visit/,
        payment: { plan: 'Delta Dental PPO' },
      });
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.click(1, 1);
      const landing = await tabThrough(page, 30);
      expect(landing.length).toBeGreaterThan(5);
      expect(failures(landing)).toEqual([]);

      await continueToFindAppointment(page);
      await expect(slotButtons(page).first()).toBeVisible();
      await page.mouse.click(1, 1);
      const find = await tabThrough(page, 40);
      expect(find.length).toBeGreaterThan(5);
      expect(failures(find)).toEqual([]);
    });
  });
}

/** Visible controls smaller than 44 × 44 px (a radio counts with its card). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], select, input:not([type="hidden"]), textarea, [role="option"], [tabindex="0"]',
    );
    for (const control of controls) {
      // A radio or checkbox counts with its label; a slider with its whole track (Material UI).
      const target =
        control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')
          ? (control.closest<HTMLElement>('label') ?? control)
          : control instanceof HTMLInputElement && control.type === 'range'
            ? (control.closest<HTMLElement>('.MuiSlider-root') ?? control)
            : control;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (target.closest('[aria-hidden="true"], [hidden]')) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
        small.push(
          `${control.tagName.toLowerCase()}${control.id ? `#${control.id}` : ''}[${control.getAttribute('type') ?? ''}] "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

test.describe('touch targets on a phone', () => {
  test.use(PHONE);

  test('every control of the landing and find-a-time is at least 44 × 44 px', async ({ page }) => {
    await openLanding(page, 'all');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/, payment: { plan: 'Delta Dental PPO' } });
    expect(await smallTargets(page)).toEqual([]);
    await continueToFindAppointment(page);
    await expect(slotButtons(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Show filters' }).click();
    await expect(page.getByLabel('Your ZIP code')).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
  });
});

test.describe('layout', () => {
  test.describe('on a phone', () => {
    test.use(PHONE);

    test('the landing fits in 1.5 phone screens', async ({ page }) => {
      await openLanding(page, 'all');
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height, `landing is ${height} px high at 390 × 844`).toBeLessThanOrEqual(1.5 * 844);
    });
  });

  test.describe('on a 1440 px screen', () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('times keep the provider on one line and the stepper names every step in full', async ({ page }) => {
      await openLanding(page, 'all');
      await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
      await continueToFindAppointment(page);
      await expect(slotButtons(page).first()).toBeVisible();
      const chips = await slotButtons(page).evaluateAll((buttons) =>
        buttons.map((button) => {
          const provider = button.querySelector<HTMLElement>('.btn__provider');
          const lineHeight = provider ? parseFloat(getComputedStyle(provider).lineHeight) || 20 : 0;
          return {
            width: button.getBoundingClientRect().width,
            providerLines: provider ? Math.round(provider.getBoundingClientRect().height / lineHeight) : 0,
          };
        }),
      );
      expect(Math.min(...chips.map((chip) => chip.width))).toBeGreaterThanOrEqual(160);
      expect(chips.filter((chip) => chip.providerLines > 1)).toEqual([]);
      const cut = await page
        .getByRole('navigation', { name: 'Booking steps' })
        .locator('.stepper__label')
        .evaluateAll((labels) =>
          labels
            .filter((label) => label.scrollWidth > label.clientWidth + 1)
            .map((label) => label.textContent),
        );
      expect(cut).toEqual([]);
    });
  });
});

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Enters a radio group with Tab and moves with the arrow keys until `radio` is checked. */
async function chooseRadioByKeyboard(page: Page, group: Locator, radio: Locator): Promise<void> {
  for (
    let press = 0;
    !(await group.evaluate((element) => element.contains(document.activeElement)));
    press += 1
  ) {
    if (press >= 80) throw new Error(`Tab never reached ${group.toString()}`);
    await page.keyboard.press('Tab');
  }
  for (let press = 0; press < 12 && !(await radio.isChecked()); press += 1) {
    if (!(await radio.evaluate((element) => element === document.activeElement)))
      await page.keyboard.press('ArrowDown');
    else await page.keyboard.press('Space');
  }
  await expect(radio).toBeChecked();
}

test.describe('keyboard only', () => {
  test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'America/Los_Angeles' });

  test('a new patient books end to end without a pointer', async ({ page }) => {
    const patient = newPatient('Keys');
    await openLanding(page, 'all');
    await chooseRadioByKeyboard(
      page,
      page.getByRole('group', { name: /Have you visited/ }),
      page.getByRole('radio', { name: /new patient/ }),
    );
    await chooseRadioByKeyboard(
      page,
      page.getByRole('group', { name: 'What would you like to book?' }),
      page.getByRole('radio', { name: /Emergency Dental Visit/ }),
    );
    await chooseRadioByKeyboard(
      page,
      page.getByRole('group', { name: /How will you pay/ }),
      page.getByRole('radio', { name: "I don't have insurance" }),
    );
    await tabTo(page, page.getByRole('button', { name: 'Find a time' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Find an appointment' })).toBeVisible();

    await expect(slotButtons(page).first()).toBeVisible();
    await tabTo(page, slotButtons(page).first());
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Additional details' })).toBeVisible();

    await tabTo(page, page.getByLabel('Reason for visit'));
    await page.keyboard.type('Typed without a mouse');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance' })).toBeVisible();
    await expect(page.getByRole('radio', { name: "I don't have insurance" })).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Your information' })).toBeVisible();
    for (const [label, value] of [
      ['First name', patient.firstName],
      ['Last name', patient.lastName],
      ['Mobile phone', patient.phone],
    ] as const) {
      await tabTo(page, page.getByLabel(label));
      await page.keyboard.type(value);
    }
    await tabTo(page, page.getByLabel('Date of birth'));
    await page.getByLabel('Date of birth').fill(patient.dateOfBirth); // a date input takes typing per segment
    await tabTo(page, page.getByRole('textbox', { name: 'E-mail' }));
    await page.keyboard.type(patient.email);
    for (const name of [/text messages/, /e-mails about/]) {
      await tabTo(page, page.getByRole('checkbox', { name }));
      await page.keyboard.press('Space');
      await expect(page.getByRole('checkbox', { name })).toBeChecked();
    }
    await tabTo(page, page.getByRole('button', { name: 'Book appointment' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/thankyou/);
    await expect(page.getByText(/^Confirmation number:/)).toBeVisible();
  });
});
