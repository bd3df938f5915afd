/** The translators of the server's texts, as one chunk loaded on demand (server-texts.ts). */
export { errorText, serverText } from '../../../lib/error-texts';
export { translateKnown } from '../lib/known-messages';
