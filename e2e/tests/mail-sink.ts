/**
 * The specs' side of the mail sink that run-e2e.mjs starts for each run (e2e/mail-sink-server.mjs):
 * every e-mail the product's server sends goes to it over SMTP, and these helpers read them back.
 *
 *   const mail = await waitForMail({ to: email, subject: /invitation/i });
 *   const link = linkIn(mail, '/admin/invitation');
 *
 * Messages are kept for the whole run (the sink is not cleared between tests): match on a
 * recipient made unique by the test, or pass `after` (a `mailCount()` taken before the action).
 */

export interface SinkAttachment {
  filename: string;
  contentType: string;
  encoding: 'utf8' | 'base64';
  /** UTF-8 text for text/* (an .ics file, text/calendar, reads as it is), else base64. */
  content: string;
}

export interface SinkMessage {
  /** 1, 2, 3… in the order received. */
  id: number;
  receivedAt: string;
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: SinkAttachment[];
}

export interface MailQuery {
  /** A recipient (compared without case). */
  to?: string;
  subject?: string | RegExp;
  /** Only messages whose id is greater (see mailCount). */
  after?: number;
}

function sinkUrl(): string {
  const url = process.env.E2E_MAIL_SINK_URL;
  if (!url) {
    throw new Error(
      'No mail sink: E2E_MAIL_SINK_URL is not set. Run the browser tests through `node e2e/run-e2e.mjs …`.',
    );
  }
  return url;
}

/** Every message received in this run, oldest first. */
export async function allMail(): Promise<SinkMessage[]> {
  const response = await fetch(`${sinkUrl()}/messages`);
  if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
  return (await response.json()) as SinkMessage[];
}

/** The id of the last message received so far (0 for none): pass it as `after` to see only newer ones. */
export async function mailCount(): Promise<number> {
  const messages = await allMail();
  return messages.at(-1)?.id ?? 0;
}

function matches(message: SinkMessage, query: MailQuery): boolean {
  if (query.after !== undefined && message.id <= query.after) return false;
  if (query.to !== undefined) {
    const to = query.to.toLowerCase();
    const recipients = [...message.to, ...message.envelope.to].map((address) => address.toLowerCase());
    if (!recipients.includes(to)) return false;
  }
  if (typeof query.subject === 'string' && message.subject !== query.subject) return false;
  if (query.subject instanceof RegExp && !query.subject.test(message.subject)) return false;
  return true;
}

/** The messages received so far that match. */
export async function findMail(query: MailQuery = {}): Promise<SinkMessage[]> {
  return (await allMail()).filter((message) => matches(message, query));
}

/**
 * The newest matching message, waiting for it up to `timeoutMs` (the server sends from its job
 * queue, a moment after the action that asked for the e-mail).
 */
export async function waitForMail(query: MailQuery, timeoutMs = 15_000): Promise<SinkMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await findMail(query);
    const newest = found.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      const seen = (await allMail()).map((message) => `${message.to.join(',')}: ${message.subject}`);
      throw new Error(
        `No e-mail matching ${JSON.stringify({ ...query, subject: String(query.subject) })} within ${timeoutMs} ms. Received: ${seen.join(' | ') || 'none'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Forgets every message received so far (prefer unique recipients: other tests may be reading). */
export async function clearMail(): Promise<void> {
  const response = await fetch(`${sinkUrl()}/messages`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
}

/** Every http(s) link in a message's text and HTML, in order, without duplicates. */
export function linksIn(message: Pick<SinkMessage, 'text' | 'html'>): string[] {
  const found = `${message.text}\n${message.html}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
  const decoded = found.map((link) => link.replaceAll('&amp;', '&'));
  return [...new Set(decoded)];
}

/** The first link of the message whose path contains `pathPart`; throws when there is none. */
export function linkIn(message: Pick<SinkMessage, 'text' | 'html' | 'subject'>, pathPart: string): string {
  const link = linksIn(message).find((candidate) => new URL(candidate).pathname.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in the e-mail "${message.subject}"`);
  return link;
}
