import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTemplate } from '@scheduler/domain/messages/defaults';
import { TEMPLATE_SLOTS } from '@scheduler/domain/messages/kinds';
import type { App } from '../../../app.ts';
import { seedIfEmpty } from '../../../platform/db/seed/seed.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import type { TestDatabase } from '../../../test/test-db.ts';
import { createTestApp, testDatabases } from '../../../test/test-db.ts';
import { renderMessage } from './index.ts';

const URL = '/api/scheduler/admin/message-templates';

const smsDraft = (bodyText: string, extra: Record<string, unknown> = {}) => ({
  kind: 'reminder',
  channel: 'sms',
  bodyText,
  ...extra,
});

describe.each(testDatabases())('message templates on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let brightsmileId: number;
  let brandName: string;
  let northsideId: number;
  let admin: StaffLogin;
  let staff: StaffLogin;

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, Date.UTC(2026, 10, 25, 15, 0));
    app = await createTestApp(t);
    await app.ready();
    const clients = await t.db.selectFrom('clients').select(['id', 'slug', 'name']).execute();
    brightsmileId = clients.find((c) => c.slug === 'brightsmile')!.id;
    brandName = clients.find((c) => c.slug === 'brightsmile')!.name;
    northsideId = clients.find((c) => c.slug === 'northside')!.id;
    [admin, staff] = await Promise.all([loginAsDemo(app, 'admin'), loginAsDemo(app, 'staff')]);
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  const put = (payload: Record<string, unknown>, who: StaffLogin = admin) =>
    app.inject({
      method: 'PUT',
      url: URL,
      headers: who.bearerHeaders,
      payload: { clientId: brightsmileId, ...payload },
    });
  const post = (path: string, payload: Record<string, unknown>, who: StaffLogin = admin) =>
    app.inject({
      method: 'POST',
      url: `${URL}${path}`,
      headers: who.bearerHeaders,
      payload: { clientId: brightsmileId, ...payload },
    });
  const get = (path: string, who: StaffLogin = admin) =>
    app.inject({ method: 'GET', url: `${URL}${path}`, headers: who.bearerHeaders });

  it('lists every kind × channel, all defaults at first', async () => {
    const response = await get(`?clientId=${brightsmileId}`);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{
      items: { kind: string; channel: string; isDefault: boolean; version: number }[];
    }>();
    expect(items.map((item) => `${item.kind}/${item.channel}`)).toEqual(
      TEMPLATE_SLOTS.map((slot) => `${slot.kind}/${slot.channel}`),
    );
    expect(items.every((item) => item.isDefault && item.version === 0)).toBe(true);
  });

  it('lists the variables of an SMS without the service name, and with it when opted in', async () => {
    const plain = await get(`/variables?clientId=${brightsmileId}&kind=reminder&channel=sms`);
    const names = plain.json<{ variables: { name: string }[] }>().variables.map((variable) => variable.name);
    expect(names).toContain('practice_name');
    expect(names).not.toContain('service_name');
    const optedIn = await get(
      `/variables?clientId=${brightsmileId}&kind=reminder&channel=sms&smsServiceNameOptIn=true`,
    );
    expect(optedIn.json<{ variables: { name: string }[] }>().variables.map((v) => v.name)).toContain(
      'service_name',
    );
  });

  it('saves, previews, renders at send time, and resets to the default; each change audited', async () => {
    const body =
      '{{ practice_name }}: see you {{ date }} at {{ time }} {{ zone_abbreviation }}, {{ location_name }}.';
    const saved = await put({ ...smsDraft(body), version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ template: { bodyText: body, isDefault: false, version: 1 } });

    const preview = await post('/preview', {
      kind: 'reminder',
      channel: 'sms',
      variables: { location_name: 'Midtown' },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      subject: null,
      html: null,
      text: `${brandName}: see you Friday, December 4, 2026 at 9:00 AM EST, Midtown.`,
      sms: { encoding: 'GSM-7', segments: 1, maxSegments: 2 },
    });

    const rendered = await renderMessage(t.db, {
      clientId: brightsmileId,
      kind: 'reminder',
      channel: 'sms',
      variables: {
        practice_name: 'BrightSmile',
        date: 'Monday',
        time: '9:00 AM',
        zone_abbreviation: 'EST',
        location_name: 'Midtown',
        service_name: 'Root canal',
      },
    });
    expect(rendered.text).toBe('BrightSmile: see you Monday at 9:00 AM EST, Midtown.');
    // Another brand still gets the default.
    const other = await renderMessage(t.db, {
      clientId: northsideId,
      kind: 'reminder',
      channel: 'sms',
      variables: {},
    });
    expect(other.text).toContain('Reply C to confirm.');

    const stale = await put({ ...smsDraft('{{ date }}'), version: 0 });
    expect(stale.statusCode).toBe(409);

    const reset = await post('/reset', { kind: 'reminder', channel: 'sms' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({
      template: { isDefault: true, version: 0, bodyText: defaultTemplate('reminder', 'sms').bodyText },
    });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'record_type', 'record_id', 'client_id'])
      .where('action', 'like', 'message-template.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'message-template.save',
        record_type: 'message_template',
        record_id: 'reminder/sms/en',
        client_id: brightsmileId,
      },
      {
        action: 'message-template.reset',
        record_type: 'message_template',
        record_id: 'reminder/sms/en',
        client_id: brightsmileId,
      },
    ]);
  });

  it('renders the default instead of a stored template that no longer validates, when asked to', async () => {
    await t.db
      .insertInto('message_templates')
      .values({
        client_id: brightsmileId,
        kind: 'cancelled',
        channel: 'sms',
        language: 'en',
        subject: null,
        body_html: null,
        body_text: '{{ withdrawn_variable }}',
        sms_service_name: 0,
        version: 1,
        updated_at: 0,
        updated_by: null,
      })
      .execute();
    const input = {
      clientId: brightsmileId,
      kind: 'cancelled',
      channel: 'sms',
      variables: { practice_name: 'B' },
    } as const;
    await expect(renderMessage(t.db, input)).rejects.toThrow(/unknown variable/);
    expect((await renderMessage(t.db, input, { fallBackToDefault: true })).text).toMatch(
      /^B: your appointment on/,
    );
    await t.db.deleteFrom('message_templates').where('kind', '=', 'cancelled').execute();
  });

  it('saves an e-mail template whose HTML output is escaped', async () => {
    const saved = await put({
      kind: 'confirmation',
      channel: 'email',
      subject: 'Booked: {{ date }}',
      bodyHtml: '<p>Hi {{ patient_first_name }}</p>',
      bodyText: 'Hi {{ patient_first_name }}',
      version: 0,
    });
    expect(saved.statusCode).toBe(200);
    const preview = await post('/preview', {
      kind: 'confirmation',
      channel: 'email',
      variables: { patient_first_name: '<b>Ann</b>' },
    });
    expect(preview.json()).toMatchObject({
      subject: 'Booked: Friday, December 4, 2026',
      html: '<p>Hi &lt;b&gt;Ann&lt;/b&gt;</p>',
      text: 'Hi <b>Ann</b>',
      sms: null,
    });
  });

  it.each([
    ['a loop', '{% for i in (1..1000000) %}x{% endfor %}', /tag “for” is not allowed/],
    ['an include', '{% include "/etc/passwd" %}', /tag “include” is not allowed/],
    ['an unknown variable', 'Hi {{ patient.ssn }}', /unknown variable “patient”/],
    ['a property', '{{ practice_name.constructor }}', /without a property/],
    ['the service name in an SMS', '{{ service_name }}', /health information/],
    ['a syntax error', 'Hi {{ date', /not closed/],
    ['more than 2 segments', `{{ date }} ${'x'.repeat(320)}`, /needs 3 segments/],
  ])('refuses %s with 400 and the field', async (_what, bodyText, message) => {
    const response = await put({ ...smsDraft(bodyText), version: 0 });
    expect(response.statusCode).toBe(400);
    const error = response.json<{
      error: { code: string; details: { fields: { path: string; message: string }[] } };
    }>().error;
    expect(error.code).toBe('VALIDATION');
    expect(error.details.fields[0]?.path).toBe('bodyText');
    expect(error.details.fields[0]?.message).toMatch(message);
    const preview = await post('/preview', { kind: 'reminder', channel: 'sms', draft: { bodyText } });
    expect(preview.statusCode).toBe(400);
    expect(
      preview.json<{ error: { details: { fields: { path: string }[] } } }>().error.details.fields[0]?.path,
    ).toBe('draft.bodyText');
  });

  it('refuses an e-mail without subject or HTML, and an SMS of a staff kind', async () => {
    const noParts = await put({ kind: 'reminder', channel: 'email', bodyText: 'x', version: 0 });
    expect(noParts.statusCode).toBe(400);
    const paths = noParts
      .json<{ error: { details: { fields: { path: string }[] } } }>()
      .error.details.fields.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['subject', 'bodyHtml']));
    const staffSms = await put({ kind: 'password-reset', channel: 'sms', bodyText: 'x', version: 0 });
    expect(staffSms.statusCode).toBe(400);
  });

  it('Spanish (issue 21): lists the shipped Spanish and marks what the practice wrote in English only', async () => {
    type Item = {
      kind: string;
      channel: string;
      language: string;
      isDefault: boolean;
      bodyText: string;
      missingTranslation?: boolean;
    };
    const list = async (language: string) => {
      const response = await get(`?clientId=${brightsmileId}&language=${language}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: Item[] }>().items;
    };
    const slot = (items: Item[], kind: string, channel: string) =>
      items.find((item) => item.kind === kind && item.channel === channel)!;

    const english = await put({
      ...smsDraft('{{ practice_name }}: see you {{ date }}.', { kind: 'rescheduled' }),
      version: 0,
    });
    expect(english.statusCode, english.body).toBe(200);
    let spanish = await list('es');
    expect(spanish.map((item) => `${item.kind}/${item.channel}`)).toEqual(
      TEMPLATE_SLOTS.map((s) => `${s.kind}/${s.channel}`),
    );
    expect(slot(spanish, 'rescheduled', 'sms')).toMatchObject({
      language: 'es',
      isDefault: true,
      missingTranslation: true,
      bodyText: defaultTemplate('rescheduled', 'sms', 'es').bodyText,
    });
    expect(slot(spanish, 'cancelled', 'sms')).toMatchObject({ isDefault: true, missingTranslation: false });
    expect((await list('en')).every((item) => item.missingTranslation === false)).toBe(true);

    const saved = await put({
      ...smsDraft('{{ practice_name }}: su cita cambió al {{ date }}.', { kind: 'rescheduled' }),
      language: 'es',
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    spanish = await list('es');
    expect(slot(spanish, 'rescheduled', 'sms')).toMatchObject({
      isDefault: false,
      missingTranslation: false,
    });
    const one = await get(`/one?clientId=${brightsmileId}&kind=rescheduled&channel=sms&language=es`);
    expect(one.json()).toMatchObject({
      template: { language: 'es', isDefault: false },
      default: { bodyText: defaultTemplate('rescheduled', 'sms', 'es').bodyText },
    });

    const preview = await post('/preview', { kind: 'reminder', channel: 'email', language: 'es' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ subject: string }>().subject).toBe(
      `Recordatorio: su cita del viernes, 4 de diciembre de 2026, 9:00 a.m. hora estándar del Este - ${brandName}`,
    );

    const french = await get(`?clientId=${brightsmileId}&language=fr`);
    expect(french.statusCode).toBe(400);
    for (const language of ['en', 'es'])
      await post('/reset', { kind: 'rescheduled', channel: 'sms', language });
  });

  it("refuses another brand's templates (403) and staff without config rights (403)", async () => {
    const crossBrand = await get(`?clientId=${northsideId}`);
    expect(crossBrand.statusCode).toBe(403);
    const crossSave = await app.inject({
      method: 'PUT',
      url: URL,
      headers: admin.bearerHeaders,
      payload: { clientId: northsideId, ...smsDraft('{{ date }}'), version: 0 },
    });
    expect(crossSave.statusCode).toBe(403);
    expect((await put({ ...smsDraft('{{ date }}'), version: 0 }, staff)).statusCode).toBe(403);
    expect((await get(`?clientId=${brightsmileId}`, staff)).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: `${URL}?clientId=${brightsmileId}` });
    expect(anonymous.statusCode).toBe(401);
    const rows = await t.db
      .selectFrom('message_templates')
      .select('client_id')
      .where('client_id', '=', northsideId)
      .execute();
    expect(rows).toEqual([]);
  });
});
