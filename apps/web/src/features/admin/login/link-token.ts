/**
 * The token of an e-mailed link (`/admin/accept-invitation#token=…`, `/admin/reset-password#token=…`):
 * it travels in the URL fragment, which the browser sends to no server and puts in no Referer, so
 * it reaches no log and no analytics. The screens read it here and post it in a request body.
 */
export function linkTokenOf(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  return token !== null && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
