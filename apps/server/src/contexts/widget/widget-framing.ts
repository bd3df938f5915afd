/*
 * Who may frame which page. Every response carries `frame-ancestors 'none'` and
 * `X-Frame-Options: DENY` (http/security.ts); the HTML of the widget route
 * `/{client}/{scheduler}/{location}/widget[/…]` instead allows the product itself (the admin
 * preview) and the client's allow-list (`clients.frame_ancestors`). Pure functions: no I/O.
 */

const WIDGET_PATH = /^\/([^/?#]+)\/[^/?#]+\/[^/?#]+\/widget(?:\/[^?#]*)?(?:[?#].*)?$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** First segments that are never a client (the admin widget screen is /admin/:ClientId/:ruleId/widget). */
const RESERVED = new Set(['admin', 'api', 'assets', '404']);

/** The client slug of a widget page URL, or undefined for any other URL. */
export function widgetClientSlugOf(url: string): string | undefined {
  const match = WIDGET_PATH.exec(url);
  const segment = match?.[1];
  if (segment === undefined) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(segment).toLowerCase();
  } catch {
    return undefined;
  }
  return SLUG.test(slug) && !RESERVED.has(slug) ? slug : undefined;
}

/** `frame-ancestors 'self' <sources…>`; the sources are already validated CSP host sources. */
export function frameAncestorsDirective(sources: readonly string[]): string {
  return ["frame-ancestors 'self'", ...sources].join(' ');
}

/** The CSP header value with its frame-ancestors directive replaced by `directive` (or added). */
export function withFrameAncestors(csp: string, directive: string): string {
  const directives = csp
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !/^frame-ancestors(\s|$)/i.test(part));
  directives.push(directive);
  return directives.join(';');
}
