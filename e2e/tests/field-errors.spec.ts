import { brightSmile, expect, test } from './admin-fixtures';

/*
 * Issue 14, "one error body": a field error found by the server's schema validation (Fastify's own
 * 400, not a use case) reaches the screen next to its field. The browser's request is altered on its
 * way out so the form's own check is bypassed; the 400 and its message come from the real server.
 */

const TOO_LONG = 'Keep the carrier name to 120 characters or fewer';

test('a schema validation error from the server is shown next to its field', async ({ pageAs, signedIn }) => {
  const { base } = await brightSmile(signedIn, 'admin');
  const admin = await pageAs('admin');
  await admin.goto(`${base}/insuranceconfig`);
  await expect(admin.getByRole('table', { name: 'Insurance carriers' })).toBeVisible();

  // The form allows 120 characters at most; the request the server receives has 121.
  const isCarrierCreate = (url: URL) => url.pathname.endsWith('/admin/insurance/carriers');
  await admin.route(isCarrierCreate, async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const body = request.postDataJSON() as Record<string, unknown>;
    return route.continue({ postData: JSON.stringify({ ...body, name: 'x'.repeat(121) }) });
  });

  await admin.getByRole('button', { name: 'Add carrier' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add an insurance carrier' });
  const field = dialog.getByLabel('Carrier name');
  await field.fill(`Carrier ${Date.now()}`);
  const answer = admin.waitForResponse(
    (response) =>
      response.url().includes('/admin/insurance/carriers') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Add carrier' }).click();

  // The server's schema refused it, in the one error body.
  const response = await answer;
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({
    error: {
      code: 'VALIDATION',
      message: expect.any(String) as unknown,
      details: { fields: [{ path: 'name', message: TOO_LONG, in: 'body' }] },
    },
  });

  // …and its message stands next to the field it concerns.
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(TOO_LONG);
  await expect(dialog).toBeVisible();
});
