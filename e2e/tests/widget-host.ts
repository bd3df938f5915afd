import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A practice's website for the widget specs: a plain HTML page on its own origin (another port,
 * and 127.0.0.1 instead of localhost, so the widget is a cross-site, third-party frame) with the
 * loader snippet pasted in and a listener that records the DOM events of the loader.
 */

export interface HostPage {
  origin: string;
  close(): Promise<void>;
}

export interface SnippetOptions {
  productOrigin: string;
  client: string;
  scheduler: string;
  location: string;
  extraAttributes?: string;
}

export function snippet({
  productOrigin,
  client,
  scheduler,
  location,
  extraAttributes = '',
}: SnippetOptions): string {
  return `<script async src="${productOrigin}/embed.js" data-client="${client}" data-scheduler="${scheduler}" data-location="${location}" ${extraAttributes}></script>`;
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Practice website</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<header><h1>Welcome to our practice</h1></header>
<main>
<p>Book your next visit below.</p>
<script>
  window.schedulerEvents = [];
  document.addEventListener('scheduler:ready', (event) => window.schedulerEvents.push({ type: 'ready', detail: event.detail }));
  document.addEventListener('scheduler:booked', (event) => window.schedulerEvents.push({ type: 'booked', detail: event.detail }));
</script>
${body}
</main>
<footer><p>Our practice, 1 Main Street</p></footer>
</body>
</html>
`;
}

/** Serves `body` (the snippet and anything else) inside a plain page at http://127.0.0.1:<port>/. */
export async function startHostPage(port: number, body: string, host = '127.0.0.1'): Promise<HostPage> {
  const server = http.createServer((request, response) => {
    if (request.url === '/favicon.ico') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(page(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
