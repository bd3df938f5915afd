// The browser tests' mail sink: an SMTP server (smtp-server) that keeps every message it receives,
// parsed (mailparser), and a small HTTP endpoint that hands them to the specs as JSON
// (tests/mail-sink.ts is the specs' side). run-e2e.mjs starts one per Playwright run, on free ports
// of 127.0.0.1, and gives the product's server SMTP_URL pointing at it: nothing leaves the machine.
//
//   GET    /messages              every message received, oldest first
//   GET    /messages?to=<address>  only those to that address (either header or envelope; any case)
//   DELETE /messages              forgets them all
//
// A message: { id, receivedAt, envelope: { from, to[] }, from, to[], subject, text, html, messageId,
//              attachments: [{ filename, contentType, encoding, content }] } (content: UTF-8 text for
//              text/* (text/calendar included), else base64, as `encoding` says).
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** At most this many messages are kept (the oldest go first); a run sends far fewer. */
const KEEP_AT_MOST = 5_000;

function addressesOf(field) {
  if (!field) return [];
  const groups = Array.isArray(field) ? field : [field];
  return groups.flatMap((group) => group.value.map((entry) => entry.address ?? '')).filter(Boolean);
}

function toMessage(id, parsed, envelope) {
  return {
    id,
    receivedAt: new Date().toISOString(),
    envelope: {
      from: envelope.mailFrom ? envelope.mailFrom.address : '',
      to: envelope.rcptTo.map((recipient) => recipient.address),
    },
    from: addressesOf(parsed.from)[0] ?? '',
    to: addressesOf(parsed.to),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    messageId: parsed.messageId ?? '',
    attachments: parsed.attachments.map((attachment) => {
      const textual = /^text\//i.test(attachment.contentType);
      return {
        filename: attachment.filename ?? '',
        contentType: attachment.contentType,
        encoding: textual ? 'utf8' : 'base64',
        content: attachment.content.toString(textual ? 'utf8' : 'base64'),
      };
    }),
  };
}

/** Listens on a free port of 127.0.0.1; resolves the port (`netServer`: the net.Server underneath). */
function listen(server, netServer = server) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(netServer.address().port);
    });
  });
}

/**
 * Starts the sink: `{ smtpUrl, httpUrl, messages, close }`. SMTP without TLS or authentication
 * (STARTTLS is not offered, so a client never tries an upgrade against a self-signed certificate).
 */
export async function startMailSink() {
  const messages = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(toMessage(nextId++, parsed, session.envelope));
          if (messages.length > KEEP_AT_MOST) messages.splice(0, messages.length - KEEP_AT_MOST);
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  smtp.on('error', (error) => console.error(`[mail sink] SMTP: ${error.message}`));
  const smtpPort = await listen(smtp, smtp.server);

  const api = http.createServer((request, response) => {
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (pathname !== '/messages') return send(404, { error: 'not found' });
    if (request.method === 'GET') {
      const to = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('to')?.toLowerCase();
      const forRecipient = (message) =>
        [...message.to, ...message.envelope.to].some((address) => address.toLowerCase() === to);
      return send(200, to ? messages.filter(forRecipient) : messages);
    }
    if (request.method === 'DELETE') {
      messages.length = 0;
      return send(200, { ok: true });
    }
    return send(405, { error: 'method not allowed' });
  });
  const httpPort = await listen(api);

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    messages,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => api.close(resolve)),
      ]).then(() => undefined),
  };
}
