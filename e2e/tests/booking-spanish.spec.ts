import type { Frame, FrameLocator, Page } from '@playwright/test';
import {
  CLIENT,
  expectNoViolations,
  expectNoSidewaysScroll,
  newPatient,
  plansFor,
  SCHEDULER,
  slotButtons,
  type Patient,
} from './booking-support';
import { es, esPattern, expectNoEnglishLeft, SPANISH_DATE } from './booking-spanish-support';
import { waitForMail } from './mail-sink';
import { expect, test } from './test-clock';
import { snippet, startHostPage, type HostPage } from './widget-host';

/*
 * Issue 21: the patient booking flow in Spanish on the seeded demo, on a phone.
 *  a) booked end to end from `?lang=es`: every step in Spanish (the reviewed catalog's words, no
 *     English message left, dates from Intl in Spanish), axe-clean, `<html lang="es">`;
 *  b) a browser that asks for Spanish (es-MX) starts in Spanish without `?lang=` and books end to end;
 *  c) the widget with `data-lang="es"` on a practice's page speaks Spanish and books end to end;
 *  d) the header's language switch mid-flow keeps every answer and the step;
 *  e) the confirmation e-mail of a Spanish booking is in Spanish (the booking's language, stored
 *     with the appointment).
 * The Spanish texts come from apps/web/src/locales/es/*.po (booking-spanish-support.ts).
 */

const LOCATION = 'midtown-manhattan';
const SERVICE = /Emergency Dental Visit/;

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const heading = (page: Page | Frame | FrameLocator, english: string) =>
  page.getByRole('heading', { level: 1, name: es(english) });

async function expectSpanishPage(page: Page, what: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoEnglishLeft(page, what);
  await expectNoViolations(page, what);
  await expectNoSidewaysScroll(page);
}

/** Selects the first option whose text matches (labels may carry hints such as '(popular)'). */
async function chooseOption(page: Page | Frame, selector: string, text: RegExp | string): Promise<void> {
  const option = page.locator(selector).locator('option').filter({ hasText: text }).first();
  await expect(option).toBeAttached();
  await page.locator(selector).selectOption(String(await option.getAttribute('value')));
}

/** The landing in Spanish: a new patient, the service (practice data: as written). */
async function chooseOnSpanishLanding(page: Page): Promise<void> {
  await page.getByRole('radio', { name: es("No, I'm a new patient") }).check();
  await page.getByRole('radio', { name: SERVICE }).check();
}

interface Picked {
  startUtc: string;
  providerId: string;
  label: string;
}

/** The first time offered (one tap: it opens the next step). */
async function pickFirstTime(page: Page | Frame): Promise<Picked> {
  const button = page.locator('button[data-start-utc]').first();
  await expect(button).toBeVisible({ timeout: 20_000 });
  const picked = {
    startUtc: (await button.getAttribute('data-start-utc')) ?? '',
    providerId: (await button.getAttribute('data-provider-id')) ?? '',
    label: (await button.getAttribute('aria-label')) ?? '',
  };
  await button.click();
  return picked;
}

async function fillSpanishInsurance(
  page: Page | Frame,
  providerId: string,
  request: Page['request'],
): Promise<void> {
  const { accepted } = await plansFor(request, providerId);
  const plan = accepted[0];
  if (!plan) throw new Error('the provider accepts no plan');
  await chooseOption(page, '#field-carrierId', plan.carrier);
  await chooseOption(page, '#field-planId', plan.plan);
  await page.locator('#field-memberId').fill('MEM-2121');
  await page.locator('#field-relationship').selectOption('self');
}

async function fillSpanishIdentity(page: Page | Frame, patient: Patient): Promise<void> {
  await page.getByLabel(esPattern('First name', true)).fill(patient.firstName);
  await page.getByLabel(esPattern('Last name', true)).fill(patient.lastName);
  await page.getByLabel(esPattern('Date of birth', true)).fill(patient.dateOfBirth);
  await page.getByLabel(esPattern('Mobile phone', true)).fill(patient.phone);
  await page.getByRole('textbox', { name: esPattern('E-mail', true) }).fill(patient.email);
  await page.locator('input[name="smsPermission"]').check();
  await page.locator('input[name="emailPermission"]').check();
}

/**
 * From the chosen time to the thank-you step, in Spanish (`root`: the page, or the widget's frame):
 * details, insurance, identity, book; every step has no English left and is axe-clean on `page`.
 */
async function bookRestInSpanish(
  root: Page | Frame,
  page: Page,
  slot: Picked,
  patient: Patient,
  what: string,
  axeScope?: string,
): Promise<{ status: string; confirmationNumber: string }> {
  const check = async (step: string) => {
    await expect(root.locator('html')).toHaveAttribute('lang', 'es');
    await expectNoEnglishLeft(root, `${what}: ${step}`);
    await expectNoViolations(page, `${what}: ${step}`, axeScope);
  };
  await expect(heading(root, 'Additional details')).toBeVisible();
  await check('additional details');
  await root.getByLabel(es('Reason for visit')).fill('Revisión');
  await root.getByRole('button', { name: es('Continue') }).click();
  await expect(heading(root, 'Insurance')).toBeVisible();
  await check('insurance');
  await fillSpanishInsurance(root, slot.providerId, page.request);
  await root.getByRole('button', { name: es('Continue') }).click();
  await expect(heading(root, 'Your information')).toBeVisible();
  await check('identity');
  await fillSpanishIdentity(root, patient);
  const booked = page.waitForResponse(
    (response) =>
      response.url().includes('/api/scheduler/bookAppointment') && response.request().method() === 'PUT',
  );
  await root.getByRole('button', { name: es('Book appointment') }).click();
  const response = await booked;
  expect(response.status(), await response.text()).toBeLessThan(300);
  expect((response.request().postDataJSON() as { language?: unknown }).language).toBe('es');
  const booking = (await response.json()) as { status: string; confirmationNumber: string };
  await expect(root.getByRole('heading', { level: 1 })).toHaveText(
    es(
      booking.status === 'pending'
        ? 'Thank you, your appointment request is received'
        : 'Thank you, your appointment is booked',
    ),
  );
  await expect(root.locator('body')).toContainText(booking.confirmationNumber);
  await check('thank you');
  return booking;
}

test.describe('booking in Spanish', () => {
  test('a) books end to end from ?lang=es, every step in Spanish and axe-clean; e) the e-mail is in Spanish', async ({
    page,
  }) => {
    const patient = newPatient('Es');
    await page.goto(`/${CLIENT}/${SCHEDULER}/${LOCATION}/?lang=es`);
    await expect(heading(page, 'Book an appointment')).toBeVisible();
    expect(es('Book an appointment')).toBe('Reservar cita');
    await expect(page).toHaveTitle(new RegExp(es('{heading} – Book an appointment', { heading: '.*' })));
    await expectSpanishPage(page, 'landing');

    await chooseOnSpanishLanding(page);
    await page.getByRole('button', { name: es('Find a time') }).click();
    await expect(page).toHaveURL(/\/findappointment/);
    await expect(heading(page, 'Find an appointment')).toBeVisible();
    await expect(slotButtons(page).first()).toBeVisible({ timeout: 20_000 });
    // Times and days from Intl in Spanish ('9:30 a. m.', 'mar, 10 de nov').
    await expect(slotButtons(page).first()).toHaveAttribute('aria-label', /\d{1,2}:\d{2}\s?[ap]\.\s?m\./);
    await expect(slotButtons(page).first()).toHaveAttribute('aria-label', SPANISH_DATE);
    await expectSpanishPage(page, 'find appointment');

    const slot = await pickFirstTime(page);
    await expect(page).toHaveURL(/\/additionaldetails/);
    await expect(heading(page, 'Additional details')).toBeVisible();
    await expectSpanishPage(page, 'additional details');
    await page.getByLabel(es('Reason for visit')).fill('Me duele una muela');
    await page.getByRole('button', { name: es('Continue') }).click();

    await expect(page).toHaveURL(/\/insurance/);
    await expect(heading(page, 'Insurance')).toBeVisible();
    await expectSpanishPage(page, 'insurance');
    await fillSpanishInsurance(page, slot.providerId, page.request);
    await page.getByRole('button', { name: es('Continue') }).click();

    await expect(page).toHaveURL(/\/identity/);
    await expect(heading(page, 'Your information')).toBeVisible();
    await expectSpanishPage(page, 'identity');
    // The inline validation messages are Spanish too.
    await page.getByRole('button', { name: es('Book appointment') }).click();
    await expect(page.getByLabel(esPattern('First name', true))).toHaveAttribute('aria-invalid', 'true');
    await expectSpanishPage(page, 'identity with errors');

    await fillSpanishIdentity(page, patient);
    const booked = page.waitForResponse(
      (response) =>
        response.url().includes('/api/scheduler/bookAppointment') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: es('Book appointment') }).click();
    const response = await booked;
    expect(response.status(), await response.text()).toBeLessThan(300);
    expect((response.request().postDataJSON() as { language?: unknown }).language).toBe('es');
    const booking = (await response.json()) as { status: string; confirmationNumber: string };

    await expect(page).toHaveURL(/\/thankyou/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      es(
        booking.status === 'pending'
          ? 'Thank you, your appointment request is received'
          : 'Thank you, your appointment is booked',
      ),
    );
    await expect(page.locator('main, body').first()).toContainText(booking.confirmationNumber);
    await expect(page.locator('dl dd').filter({ hasText: SPANISH_DATE }).first()).toBeVisible();
    await expectSpanishPage(page, 'thank you');

    // e) The confirmation e-mail goes out in the language of the booking.
    const mail = await waitForMail(
      {
        to: patient.email,
        subject: booking.status === 'pending' ? /^Recibimos su solicitud/ : /^Su cita del/,
      },
      20_000,
    );
    expect(mail.subject).not.toMatch(/\b(Your|appointment|booked)\b/);
    expect(mail.text).toContain(booking.confirmationNumber);
    expect(mail.text).toMatch(SPANISH_DATE);
    expect(mail.html).toContain('lang="es"');
    expect(mail.text).not.toMatch(/\b(Your appointment|Confirmation number|Date|Time)\b/);
    // The manage link of a Spanish booking opens the manage page in Spanish.
    const manage = [mail.text, mail.html]
      .join('\n')
      .match(/https?:\/\/[^\s"'<>)]+\/manage\/[^\s"'<>)]+/)?.[0];
    if (manage) expect(new URL(manage.replaceAll('&amp;', '&')).searchParams.get('lang')).toBe('es');
  });

  test('d) the language switch mid-flow keeps every answer and the step', async ({ page }) => {
    await page.goto(`/${CLIENT}/${SCHEDULER}/${LOCATION}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('radio', { name: "No, I'm a new patient" }).check();
    await page.getByRole('radio', { name: SERVICE }).check();
    await page.getByRole('button', { name: 'Find a time' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find an appointment' })).toBeVisible();
    const slot = await pickFirstTime(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Additional details' })).toBeVisible();
    await page.getByLabel('Reason for visit').fill('A loose filling');
    await page.getByLabel(/^Notes for the office/).fill('Mornings are best');

    // Switch to Spanish on the details step: same step, same answers, every word Spanish.
    const url = page.url();
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(heading(page, 'Additional details')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(page.url().replace(/[?&]lang=es/, '')).toBe(url);
    await expect(page.getByLabel(es('Reason for visit'))).toHaveValue('A loose filling');
    await expect(page.getByLabel(esPattern('Notes for the office', true))).toHaveValue('Mornings are best');
    await expectNoEnglishLeft(page, 'details after the switch');
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();

    await page.getByRole('button', { name: es('Continue') }).click();
    await expect(heading(page, 'Insurance')).toBeVisible();
    await fillSpanishInsurance(page, slot.providerId, page.request);
    const carrier = await page.locator('#field-carrierId').inputValue();
    const plan = await page.locator('#field-planId').inputValue();

    // Back to English on the insurance step: the insurance answers and the chosen time stay.
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#field-carrierId')).toHaveValue(carrier);
    await expect(page.locator('#field-planId')).toHaveValue(plan);
    await expect(page.locator('#field-memberId')).toHaveValue('MEM-2121');

    // And once more to Spanish, then back through the steps: every earlier answer is still there.
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(heading(page, 'Insurance')).toBeVisible();
    await page.getByRole('button', { name: es('Back') }).click();
    await expect(heading(page, 'Additional details')).toBeVisible();
    await expect(page.getByLabel(es('Reason for visit'))).toHaveValue('A loose filling');
    await page.getByRole('button', { name: es('Back') }).click();
    await expect(heading(page, 'Find an appointment')).toBeVisible();
    await page.getByRole('button', { name: es('Back') }).click();
    await expect(heading(page, 'Book an appointment')).toBeVisible();
    await expect(page.getByRole('radio', { name: es("No, I'm a new patient") })).toBeChecked();
    await expect(page.getByRole('radio', { name: SERVICE })).toBeChecked();
    await expectNoEnglishLeft(page, 'landing after the switch');
  });
});

test.describe('a browser that asks for Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('b) starts in Spanish without ?lang= and books end to end', async ({ page }) => {
    await page.goto(`/${CLIENT}/${SCHEDULER}/${LOCATION}/`);
    await expect(heading(page, 'Book an appointment')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(page.url()).not.toContain('lang=');
    await expectNoEnglishLeft(page, 'landing (es-MX)');
    await expectNoViolations(page, 'landing (es-MX)');

    await chooseOnSpanishLanding(page);
    await page.getByRole('button', { name: es('Find a time') }).click();
    await expect(heading(page, 'Find an appointment')).toBeVisible();
    await expect(slotButtons(page).first()).toBeVisible({ timeout: 20_000 });
    await expectNoEnglishLeft(page, 'find appointment (es-MX)');
    const slot = await pickFirstTime(page);
    const booking = await bookRestInSpanish(page, page, slot, newPatient('EsMx'), 'es-MX');
    expect(page.url()).not.toContain('lang=');
    expect(booking.confirmationNumber).not.toBe('');
  });
});

test.describe('the widget with data-lang="es"', () => {
  const appPort = Number(process.env.E2E_PORT ?? 3100);
  const hostPort = Number(process.env.E2E_HOST_PORT ?? 3101);
  let host: HostPage | undefined;

  test.beforeAll(async () => {
    host = await startHostPage(
      hostPort,
      snippet({
        productOrigin: `http://localhost:${appPort}`,
        client: CLIENT,
        scheduler: SCHEDULER,
        location: 'all',
        extraAttributes: 'data-lang="es"',
      }),
    );
  });
  test.afterAll(async () => {
    await host?.close();
  });

  test('c) speaks Spanish on an English practice page and books end to end', async ({ page }) => {
    if (!host) throw new Error('no host page');
    await page.goto(`${host.origin}/`);
    const frame = page.locator('iframe[data-scheduler-widget]');
    await expect(frame).toBeVisible({ timeout: 20_000 });
    expect(await frame.getAttribute('src')).toMatch(/[?&]lang=es\b/);
    const widget = page.frameLocator('iframe[data-scheduler-widget]');
    await expect(widget.getByRole('radio', { name: es("No, I'm a new patient") })).toBeVisible({
      timeout: 20_000,
    });
    await expect(widget.locator('html')).toHaveAttribute('lang', 'es');
    const content = page.frame({ url: /\/widget|lang=es/ }) ?? page.frames()[1];
    if (content) await expectNoEnglishLeft(content, 'widget landing');

    await widget.getByRole('radio', { name: es("No, I'm a new patient") }).check();
    await widget.getByText('New Patient Exam & Cleaning').click();
    await widget.getByRole('radio', { name: es('Any location') }).check();
    await widget.getByRole('button', { name: es('Find a time') }).click();
    await expect(widget.getByRole('heading', { level: 1, name: es('Find an appointment') })).toBeVisible();
    await expect(widget.locator('button[data-start-utc]').first()).toBeVisible({ timeout: 20_000 });
    await expect(widget.locator('button[data-start-utc]').first()).toHaveAttribute(
      'aria-label',
      SPANISH_DATE,
    );
    if (!content) throw new Error('no widget frame');
    await expectNoEnglishLeft(content, 'widget find a time');
    await expectNoViolations(page, 'widget find a time', 'iframe[data-scheduler-widget]');

    // … and books there, in Spanish, to the thank-you step.
    const slot = await pickFirstTime(content);
    const booking = await bookRestInSpanish(
      content,
      page,
      slot,
      newPatient('EsWidget'),
      'widget',
      'iframe[data-scheduler-widget]',
    );
    expect(booking.confirmationNumber).not.toBe('');
  });
});
