import { describe, expect, it } from 'vitest';
import { defaultTemplate } from './defaults.ts';
import { TEMPLATE_SLOTS } from './kinds.ts';
import { TemplateValidationError, renderTemplate, validateTemplate } from './render.ts';
import { sampleVariables, variablesFor } from './variables.ts';

const email = { kind: 'confirmation', channel: 'email' } as const;
const sms = { kind: 'reminder', channel: 'sms' } as const;
const values = {
  ...sampleVariables(email),
  patient_first_name: 'Alex',
  service_name: 'Annual physical',
  provider_name: 'Dr. Maria Lopez',
};

describe('renderTemplate', () => {
  it('fills whitelisted variables and HTML-escapes every output of the HTML part only', () => {
    const rendered = renderTemplate(
      email,
      {
        subject: 'Hi {{ patient_first_name }}',
        bodyHtml: '<p>{{ patient_first_name }}</p>',
        bodyText: '{{ patient_first_name }}',
      },
      { ...values, patient_first_name: '<img src=x onerror=alert(1)> & "Bo"' },
    );
    expect(rendered.html).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp; &#34;Bo&#34;</p>');
    expect(rendered.text).toBe('<img src=x onerror=alert(1)> & "Bo"');
    expect(rendered.subject).toBe('Hi <img src=x onerror=alert(1)> & "Bo"');
  });

  it('keeps a subject on one line (no header injection)', () => {
    const rendered = renderTemplate(
      email,
      { subject: '{{ patient_first_name }}', bodyHtml: 'x', bodyText: 'x' },
      {
        ...values,
        patient_first_name: 'Al\r\nBcc: evil@example.com',
      },
    );
    expect(rendered.subject).toBe('Al Bcc: evil@example.com');
  });

  it('treats an empty optional variable as false in {% if %}', () => {
    const parts = { bodyText: '{% if manage_link %}Manage: {{ manage_link }}{% else %}No link{% endif %}' };
    expect(renderTemplate(sms, parts, { ...values, manage_link: '' }).text).toBe('No link');
    expect(renderTemplate(sms, parts, { ...values, manage_link: 'https://x.test/m' }).text).toBe(
      'Manage: https://x.test/m',
    );
  });

  it('never gives an SMS the service, provider or patient name, whatever the caller passes', () => {
    expect(() => renderTemplate(sms, { bodyText: '{{ service_name }}' }, values)).toThrow(
      TemplateValidationError,
    );
    expect(() => renderTemplate(sms, { bodyText: '{{ patient_first_name }}' }, values)).toThrow(
      /unknown variable/,
    );
    const optedIn = renderTemplate(
      { ...sms, smsServiceNameOptIn: true },
      { bodyText: '{{ service_name }}' },
      values,
    );
    expect(optedIn.text).toBe('Annual physical');
  });

  it('truncates an SMS that real values make longer than 2 segments, at a word, with "..."', () => {
    const long = 'Clinic '.repeat(80);
    const rendered = renderTemplate(
      sms,
      { bodyText: '{{ date }}: {{ location_name }}' },
      { ...values, location_name: long },
    );
    expect(rendered.sms?.segments).toBe(2);
    expect(rendered.text.endsWith('Clinic...')).toBe(true);
    expect(rendered.text.startsWith('Friday, December 4, 2026: Clinic')).toBe(true);
  });
});

describe('validateTemplate (staff templates at save)', () => {
  const check = (bodyText: string, scope: Parameters<typeof validateTemplate>[0] = sms) =>
    validateTemplate(scope, { bodyText });

  it.each([
    ['{% for x in (1..9) %}{{ x }}{% endfor %}', /tag “for” is not allowed/],
    ['{% include "secret" %}', /tag “include” is not allowed/],
    ['{% render "x" %}', /tag “render” is not allowed/],
    ['{% assign a = "b" %}', /tag “assign” is not allowed/],
    ['{{ date | date: "%Y" }}', /filter “date” is not allowed/],
    ['{{ date | raw }}', /filter “raw” is not allowed/],
    ['{{ process }}', /unknown variable “process”/],
    ['{{ date.constructor }}', /write “date” on its own/],
    ['{{ date[0] }}', /write “date” on its own/],
    ['Hello {{ date', /Line 1, column 7: output "\{\{ date" not closed/],
    ['{% if date %}open', /Line 1, column 1: tag \{% if date %\} not closed/],
  ])('refuses %j', (source, message) => {
    const problems = check(source);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.part).toBe('bodyText');
    expect(problems[0]?.message).toMatch(message);
  });

  it('explains why service_name is refused in an SMS without the opt-in', () => {
    expect(check('{{ service_name }}')[0]?.message).toMatch(/health information/);
    expect(check('{{ service_name }}', { ...sms, smsServiceNameOptIn: true })).toEqual([]);
  });

  it('names the part of an e-mail that is wrong, and a missing part', () => {
    const problems = validateTemplate(email, { subject: '{{ nope }}', bodyHtml: '', bodyText: 'ok' });
    expect(problems.map((problem) => problem.part)).toEqual(['subject', 'bodyHtml']);
  });

  it('refuses an SMS longer than 2 segments with the sample values, saying how long it is', () => {
    const problems = check(`{{ practice_name }} ${'x'.repeat(300)}`);
    expect(problems[0]?.message).toMatch(/needs 3 segments .*keep it to 2 segments \(306 characters\)/);
  });

  it('accepts every shipped default, and each SMS default fits in 2 segments', () => {
    for (const { kind, channel } of TEMPLATE_SLOTS) {
      const scope = { kind, channel };
      expect(validateTemplate(scope, defaultTemplate(kind, channel)), `${kind} ${channel}`).toEqual([]);
      const rendered = renderTemplate(scope, defaultTemplate(kind, channel), sampleVariables(scope));
      if (channel === 'sms') {
        expect(rendered.sms?.encoding).toBe('GSM-7');
        expect(rendered.sms?.segments).toBeLessThanOrEqual(2);
      } else {
        expect(rendered.subject).not.toBe('');
        expect(rendered.html).toContain('<p>');
      }
    }
  });

  it('accepts every shipped Spanish default; each Spanish SMS stays GSM-7 within the English one’s segments', () => {
    for (const { kind, channel } of TEMPLATE_SLOTS) {
      const scope = { kind, channel, language: 'es' } as const;
      const template = defaultTemplate(kind, channel, 'es');
      expect(template).not.toEqual(defaultTemplate(kind, channel));
      expect(validateTemplate(scope, template), `${kind} ${channel}`).toEqual([]);
      const rendered = renderTemplate(scope, template, sampleVariables(scope));
      if (channel === 'sms') {
        const english = renderTemplate(
          { kind, channel },
          defaultTemplate(kind, channel),
          sampleVariables({ kind, channel }),
        );
        expect(rendered.sms?.encoding, kind).toBe('GSM-7');
        expect(rendered.sms?.segments, kind).toBeLessThanOrEqual(Math.max(english.sms?.segments ?? 0, 1));
        expect(rendered.sms?.segments, kind).toBeLessThanOrEqual(2);
        expect(rendered.text).toContain('viernes, 4 de diciembre de 2026, 9:00 a.m. hora estandar del Este');
      } else {
        expect(rendered.subject).not.toBe('');
        expect(rendered.html).toContain('<div lang="es"');
      }
    }
  });

  it('lists only SMS-safe variables for SMS (no service, provider or patient name)', () => {
    const names = variablesFor(sms).map((variable) => variable.name);
    expect(names).toEqual(expect.arrayContaining(['practice_name', 'date', 'time', 'location_name']));
    expect(names).not.toContain('service_name');
    expect(names).not.toContain('provider_name');
    expect(names).not.toContain('patient_first_name');
    expect(
      variablesFor({ kind: 'password-reset', channel: 'email' }).map((variable) => variable.name),
    ).not.toContain('invited_by');
  });
});
