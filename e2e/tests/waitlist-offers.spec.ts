import { randomUUID } from 'node:crypto';
import { brightSmile, expect, seriousViolations, test } from './admin-fixtures';
import { SERVICE } from './admin-patients-support';
import { newPatient, serviceIdOf, zonedLabel } from './booking-support';
import { linkIn, waitForMail } from './mail-sink';
import {
  addFirstInLineEntry,
  appointmentDetails,
  bookPatient,
  CLAIM_TOKEN_HEADER,
  freeSlotBetween,
  isOfferedNow,
  managePost,
  pathOf,
  tokenOf,
} from './manage-support';

/*
 * Issue 18, "Done when" (waitlist offers): an appointment cancellation triggers an offer e-mail to a
 * matching waitlist entry, whose claim link books the freed time. (The 50-claim race is in the races
 * harness.)
 *
 * The entry waits for the freed time's service, location and provider, and is first in line (its
 * waiting start lies years back), so it is in the first wave, sent at once. The cancellation is the
 * patient's own, through the manage API (manage.spec.ts drives that page).
 */

interface OfferRow {
  offerId: string;
  waitlistEntryId: string;
  startUtc: string;
  wave: number;
  sentAt: string | null;
  outcome: 'sent' | 'claimed' | 'gone' | 'expired';
  channel: 'email' | 'sms';
  isMove: boolean;
  appointmentId: string | null;
}

test.describe('waitlist offers', () => {
  test('a cancellation sends an offer e-mail whose claim link books the freed time', async ({
    page,
    pageAs,
    signedIn,
  }) => {
    test.setTimeout(180_000);
    const { clientId, ruleId } = await brightSmile(signedIn, 'admin');
    const staff = (await pageAs('admin')).request;
    const request = page.request;
    const appointmentTypeId = await serviceIdOf(request, SERVICE);
    const offersOf = async (entryId: string): Promise<OfferRow[]> => {
      const response = await staff.get(
        `/api/scheduler/getWaitlistOffers?clientId=${clientId}&waitlistEntryId=${entryId}`,
      );
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { items: OfferRow[] }).items;
    };

    // A booked time three days ahead or more (inside the cancel cut-off, far from the offers' 2 h one).
    const slot = await freeSlotBetween(request, appointmentTypeId, 72, 14 * 24);
    if (!slot) throw new Error(`no free time of ${SERVICE} 3 to 14 days ahead`);
    const booked = await bookPatient(request, slot, 'Freed');
    const waiting = newPatient('Waiting');
    const entry = addFirstInLineEntry({
      clientId,
      schedulerId: ruleId,
      appointmentTypeId,
      slot,
      patient: waiting,
    });

    // The patient cancels: the time frees, and the first wave's offer goes out by e-mail.
    const cancelled = await managePost(request, tokenOf(booked.manageUrl), 'cancel', {
      reason: 'feeling-better',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const offer = await waitForMail({ to: waiting.email, subject: /^A time is free: / }, 20_000);
    expect(offer.subject).toContain(SERVICE);
    expect(offer.text).toContain(`Hello ${waiting.firstName},`);
    expect(offer.text).toContain(booked.timeZone);
    const link = linkIn(offer, '/claim/');
    expect(new URL(link).pathname).toMatch(/^\/brightsmile\/main\/claim\/[A-Za-z0-9_-]{22,64}$/);

    // Staff see the offer: wave 1, by e-mail, open.
    const [sent] = await offersOf(entry.waitlistEntryId);
    expect(sent).toMatchObject({ wave: 1, channel: 'email', outcome: 'sent', isMove: false });
    expect(Date.parse(sent?.startUtc ?? '')).toBe(Date.parse(slot.startUtc));
    expect(sent?.sentAt).not.toBeNull();

    // The claim page shows the freed time (zone named) and changes nothing until "Book this time".
    await page.goto(pathOf(link));
    await expect(
      page.getByRole('heading', { level: 1, name: `${waiting.firstName}, a time has opened up` }),
    ).toBeVisible();
    const label = zonedLabel(slot.startUtc, booked.timeZone, booked.timeZone);
    const facts = page.locator('dl.self-service-facts');
    await expect(facts).toContainText(label.longDate);
    await expect(facts).toContainText(label.full);
    expect(await seriousViolations(page)).toEqual([]);
    expect((await offersOf(entry.waitlistEntryId))[0]?.outcome).toBe('sent');
    expect(await isOfferedNow(request, appointmentTypeId, slot)).toBe(true);

    const claimed = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/scheduler/claimWaitlistOffer') &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Book this time' }).click();
    const answer = await claimed;
    expect(answer.status()).toBe(201);
    const claim = (await answer.json()) as {
      outcome: string;
      appointmentId: string;
      confirmationNumber: string;
      startUtc: string;
    };
    expect(claim.outcome).toBe('booked');
    expect(Date.parse(claim.startUtc)).toBe(Date.parse(slot.startUtc));
    await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(
      `You are booked for ${label.longDate} at ${label.full}. Confirmation number: ${claim.confirmationNumber}.`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // The freed time is booked again, for the waiting patient; the entry has left the waitlist.
    await expect.poll(() => isOfferedNow(request, appointmentTypeId, slot), { timeout: 20_000 }).toBe(false);
    const appointment = await appointmentDetails(staff, clientId, claim.appointmentId);
    expect(['booked', 'pending']).toContain(appointment.appointment.status);
    const [outcome] = await offersOf(entry.waitlistEntryId);
    expect(outcome).toMatchObject({ outcome: 'claimed', appointmentId: claim.appointmentId });
    const list = await staff.get(
      `/api/scheduler/getWaitList?clientId=${clientId}&status=waiting&pageSize=100` +
        `&locationId=${slot.locationId}&providerId=${slot.providerId}&appointmentTypeId=${appointmentTypeId}`,
    );
    expect(list.status()).toBe(200);
    const { items } = (await list.json()) as { items: { waitlistEntryId: string }[] };
    expect(items.map((item) => item.waitlistEntryId)).not.toContain(entry.waitlistEntryId);
    // The new appointment is confirmed to the patient by e-mail, with its own manage link.
    const confirmation = await waitForMail({ to: waiting.email, subject: /is booked|request/ }, 15_000);
    expect(confirmation.text).toContain(claim.confirmationNumber);
    expect(() => linkIn(confirmation, '/manage/')).not.toThrow();

    // The link is single-use: the page says it has been used; another claim through it is refused.
    await page.goto(pathOf(link));
    await expect(page.getByRole('heading', { level: 1, name: 'This link has been used' })).toBeVisible();
    const again = await request.post('/api/scheduler/claimWaitlistOffer', {
      headers: { [CLAIM_TOKEN_HEADER]: tokenOf(link) },
      data: { idempotencyKey: randomUUID() },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('OFFER_USED');
  });

  test('a wrong claim link says so plainly', async ({ page }) => {
    await page.goto(`/brightsmile/main/claim/${'B'.repeat(22)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
    await expect(
      page.getByText('This link is not valid. Please use the booking page or call the office.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the booking page' })).toBeVisible();
    const answer = await page.request.get('/api/scheduler/waitlistOffer', {
      headers: { [CLAIM_TOKEN_HEADER]: 'B'.repeat(22) },
    });
    // One plain answer that reveals nothing (404 NOT_FOUND).
    expect(answer.status()).toBe(404);
    const { error } = (await answer.json()) as { error: { code: string; message: string } };
    expect(error.message).toBe('This link is not valid. Please use the booking page or call the office.');
  });
});
