/*
 * An in-process SMTP sink for tests, harnesses and benchmarks (issue 17): a real SMTP server
 * (the `smtp-server` package) on 127.0.0.1 and a free port, parsing what arrives with
 * `mailparser`. Point the e-mail transport at `url`:
 *
 *   const sink = await startSmtpSink();
 *   const email = createEmailTransport({ smtpUrl: sink.url, mailFrom: 'Clinic <no-reply@clinic.test>' });
 *   …
 *   const mail = await sink.waitFor((m) => m.subject === 'Your appointment');
 *   await email.close(); await sink.close();
 *
 * `reject` makes the sink refuse recipients (e.g. 550, a permanent refusal; 451, a transient one).
 * `parse: false` keeps only the raw envelope and size (benchmarks: parsing is the sink's cost).
 */
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedEnvelope {
  from: string;
  to: string[];
  /** The Message-ID header, when present (also on unparsed mail). */
  messageId: string | undefined;
  bytes: number;
  receivedAt: number;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT` (no TLS, no authentication). */
  url: string;
  port: number;
  /** Every message received, parsed (empty with `parse: false`). */
  messages: ParsedMail[];
  /** Every message received, in order of arrival (always filled). */
  envelopes: ReceivedEnvelope[];
  /** Resolves with the first parsed message (already there or arriving) that `predicate` accepts. */
  waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** An SMTP reply code to refuse the recipient with (e.g. 550), or undefined to accept it. */
  reject?: (recipient: string) => number | undefined;
  /** Parse each message with mailparser (default true). */
  parse?: boolean;
}

const MESSAGE_ID = /^message-id:\s*(<[^>\r\n]*>)/im;

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const envelopes: ReceivedEnvelope[] = [];
  const waiters = new Set<() => void>();
  const parse = options.parse ?? true;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Benchmarks open several connections at once.
    maxClients: 100,
    onRcptTo(address, _session, callback) {
      const code = options.reject?.(address.address);
      if (code === undefined) {
        callback();
        return;
      }
      const error = Object.assign(new Error(`recipient ${address.address} refused by the test sink`), {
        responseCode: code,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const head = raw.subarray(0, Math.min(raw.length, 8_192)).toString('utf8');
        const headerEnd = head.search(/\r?\n\r?\n/);
        envelopes.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          messageId: MESSAGE_ID.exec(headerEnd === -1 ? head : head.slice(0, headerEnd))?.[1],
          bytes: raw.length,
          receivedAt: Date.now(),
        });
        if (!parse) {
          callback();
          return;
        }
        simpleParser(raw)
          .then((mail) => {
            messages.push(mail);
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // An error on one connection (a client that went away) must not end the sink.
  server.on('error', () => undefined);
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    envelopes,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise<ParsedMail>((resolve, reject) => {
        const wake = (): void => {
          const mail = messages.find(predicate);
          if (mail === undefined) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`SMTP sink: no matching message within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
