/**
 * Renders message templates with LiquidJS, configured so that a template written by practice staff
 * cannot run code or reach anything but its whitelisted variables:
 * - tags: only if / unless / case / comment / raw (no loops, assign, include, render, layout);
 * - filters: a short list of text filters (no `date`, which reads the clock, no `raw`);
 * - strictVariables + strictFilters: an unknown name is an error, never a silent blank;
 * - ownPropertyOnly: no prototype properties (`constructor`, …); no property access at all is
 *   allowed by validation (`{{ practice_name.size }}` is refused);
 * - `templates: {}`: no file system; parse and render limits bound the work.
 * The HTML part is rendered by an engine whose `outputEscape` HTML-escapes every output.
 * Truthiness follows JavaScript (`jsTruthy`), so `{% if manage_link %}` is false for an empty link.
 */
import { Liquid } from 'liquidjs';
import type { Template } from 'liquidjs';
import type { MessageChannel } from './kinds.ts';
import { countSmsSegments, fitSms, normalizeSmsText } from './sms.ts';
import type { SmsSegmentCount } from './sms.ts';
import { sampleVariables, scopedVariables, variableNamesFor } from './variables.ts';
import type { VariableScope } from './variables.ts';
import { MAX_SMS_SEGMENTS } from './kinds.ts';

export const ALLOWED_TAGS = ['if', 'unless', 'case', 'comment', 'raw', '#'] as const;
export const ALLOWED_FILTERS = [
  'default',
  'upcase',
  'downcase',
  'capitalize',
  'strip',
  'truncate',
  'truncatewords',
  'append',
  'prepend',
  'replace',
  'remove',
] as const;

/** The parts of a template; e-mail has all three, SMS `bodyText` only. */
export interface TemplateParts {
  subject?: string | null;
  bodyHtml?: string | null;
  bodyText: string;
}

export type TemplatePart = 'subject' | 'bodyHtml' | 'bodyText';

export interface RenderedMessage {
  subject: string | null;
  html: string | null;
  text: string;
  /** SMS: how the text is split for sending. */
  sms: SmsSegmentCount | null;
}

/** One problem found in a template, for the admin form (400 VALIDATION with this field). */
export interface TemplateProblem {
  part: TemplatePart;
  message: string;
}

export class TemplateValidationError extends Error {
  readonly problems: readonly TemplateProblem[];
  constructor(problems: readonly TemplateProblem[]) {
    super(problems.map((problem) => `${problem.part}: ${problem.message}`).join('; '));
    this.name = 'TemplateValidationError';
    this.problems = problems;
  }
}

function createEngine(escapeHtml: boolean): Liquid {
  const engine = new Liquid({
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    jsTruthy: true,
    templates: {},
    relativeReference: false,
    dynamicPartials: false,
    cache: false,
    parseLimit: 50_000,
    renderLimit: 1_000,
    memoryLimit: 10_000_000,
    ...(escapeHtml ? { outputEscape: 'escape' as const } : {}),
  });
  const tags = engine.tags as Record<string, unknown>;
  for (const name of Object.keys(tags))
    if (!(ALLOWED_TAGS as readonly string[]).includes(name)) delete tags[name];
  const filters = engine.filters as Record<string, unknown>;
  for (const name of Object.keys(filters))
    if (!(ALLOWED_FILTERS as readonly string[]).includes(name)) delete filters[name];
  return engine;
}

const textEngine = createEngine(false);
const htmlEngine = createEngine(true);

/** LiquidJS's message made readable: 'tag "for" not found, line:1, col:1' → 'Line 1: …'. */
function explain(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const located = /^(.*?), line:(\d+), col:(\d+)/s.exec(raw);
  const what = (located?.[1] ?? raw).trim();
  const where = located ? `Line ${located[2]}, column ${located[3]}: ` : '';
  const tag = /^tag "([^"]+)" not found$/.exec(what);
  if (tag) return `${where}the tag “${tag[1]}” is not allowed; use {% if %}, {% unless %} or {% case %}`;
  const filter = /^undefined filter: (.+)$/.exec(what);
  if (filter)
    return `${where}the filter “${filter[1]}” is not allowed; use one of ${ALLOWED_FILTERS.join(', ')}`;
  const variable = /^undefined variable: (.+)$/.exec(what);
  if (variable) return `${where}unknown variable “${variable[1]}”`;
  return `${where}${what}`;
}

function parse(
  engine: Liquid,
  source: string,
  part: TemplatePart,
  problems: TemplateProblem[],
): Template[] | null {
  try {
    return engine.parse(source);
  } catch (error) {
    problems.push({ part, message: explain(error) });
    return null;
  }
}

/** Every variable the template names must be a whitelisted name used as is (no property access). */
function checkVariables(
  engine: Liquid,
  template: Template[],
  part: TemplatePart,
  scope: VariableScope,
  problems: TemplateProblem[],
): void {
  const allowed = variableNamesFor(scope);
  const analysis = engine.analyzeSync(template);
  for (const [name, uses] of Object.entries(analysis.globals)) {
    const use = uses[0];
    const where = use ? `Line ${use.location.row}, column ${use.location.col}: ` : '';
    if (!allowed.has(name)) {
      const hint =
        scope.channel === 'sms' && name === 'service_name'
          ? 'the service name is health information: an SMS may name it only when the practice opts in'
          : `unknown variable “${name}”; use one of ${[...allowed].join(', ')}`;
      problems.push({ part, message: `${where}${hint}` });
    } else if (uses.some((variable) => variable.segments.length > 1)) {
      problems.push({ part, message: `${where}write “${name}” on its own, without a property or index` });
    }
  }
}

interface ParsedTemplate {
  subject: Template[] | null;
  html: Template[] | null;
  text: Template[];
}

function partsOf(channel: MessageChannel, parts: TemplateParts): [TemplatePart, string, boolean][] {
  if (channel === 'sms') return [['bodyText', parts.bodyText, false]];
  return [
    ['subject', parts.subject ?? '', false],
    ['bodyHtml', parts.bodyHtml ?? '', true],
    ['bodyText', parts.bodyText, false],
  ];
}

function parseTemplate(scope: VariableScope, parts: TemplateParts): ParsedTemplate {
  const problems: TemplateProblem[] = [];
  const parsed: Partial<Record<TemplatePart, Template[] | null>> = {};
  for (const [part, source, html] of partsOf(scope.channel, parts)) {
    if (source.trim() === '') {
      problems.push({ part, message: 'Enter this part of the message' });
      continue;
    }
    const engine = html ? htmlEngine : textEngine;
    const template = parse(engine, source, part, problems);
    if (template) checkVariables(engine, template, part, scope, problems);
    parsed[part] = template;
  }
  if (problems.length > 0) throw new TemplateValidationError(problems);
  return { subject: parsed.subject ?? null, html: parsed.bodyHtml ?? null, text: parsed.bodyText ?? [] };
}

function renderPart(engine: Liquid, template: Template[], variables: object, part: TemplatePart): string {
  try {
    return String(engine.renderSync(template, variables));
  } catch (error) {
    throw new TemplateValidationError([{ part, message: explain(error) }]);
  }
}

/** One line, no surrounding blanks: a subject never carries line breaks (header injection). */
const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();

export interface RenderOptions {
  /**
   * SMS longer than MAX_SMS_SEGMENTS: 'truncate' (send time: cut at a word, never refuse a due
   * message) or 'refuse' (save and preview: the template is too long).
   */
  smsOverflow?: 'truncate' | 'refuse';
}

/**
 * Renders a template with `values`; only the scope's whitelisted variables reach the engine (an SMS
 * never sees `service_name` unless the template opted in, nor the patient's or provider's name).
 * Throws TemplateValidationError for a template that does not parse, names another variable, or
 * (with smsOverflow 'refuse') renders an SMS of more than 2 segments.
 */
export function renderTemplate(
  scope: VariableScope,
  parts: TemplateParts,
  values: Readonly<Record<string, unknown>>,
  options: RenderOptions = {},
): RenderedMessage {
  const parsed = parseTemplate(scope, parts);
  const variables = scopedVariables(scope, values);
  if (scope.channel === 'sms') {
    const rendered = normalizeSmsText(renderPart(textEngine, parsed.text, variables, 'bodyText'));
    const count = countSmsSegments(rendered);
    if (count.segments > MAX_SMS_SEGMENTS && options.smsOverflow === 'refuse') {
      throw new TemplateValidationError([
        {
          part: 'bodyText',
          message: `With sample values this SMS needs ${count.segments} segments (${count.units} ${count.encoding} characters); keep it to ${MAX_SMS_SEGMENTS} segments (${count.encoding === 'GSM-7' ? 306 : 134} characters)`,
        },
      ]);
    }
    const text = count.segments > MAX_SMS_SEGMENTS ? fitSms(rendered, MAX_SMS_SEGMENTS) : rendered;
    return { subject: null, html: null, text, sms: countSmsSegments(text) };
  }
  return {
    subject: parsed.subject ? oneLine(renderPart(textEngine, parsed.subject, variables, 'subject')) : null,
    html: parsed.html ? renderPart(htmlEngine, parsed.html, variables, 'bodyHtml') : null,
    text: renderPart(textEngine, parsed.text, variables, 'bodyText').trim(),
    sms: null,
  };
}

/**
 * The check made when staff save a template: it parses, names only whitelisted variables, and
 * renders with the sample values (SMS: within 2 segments). Returns the problems (empty: valid).
 */
export function validateTemplate(scope: VariableScope, parts: TemplateParts): TemplateProblem[] {
  try {
    renderTemplate(scope, parts, sampleVariables(scope), { smsOverflow: 'refuse' });
    return [];
  } catch (error) {
    if (error instanceof TemplateValidationError) return [...error.problems];
    throw error;
  }
}
