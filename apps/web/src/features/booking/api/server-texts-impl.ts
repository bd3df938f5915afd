/** The translators of the texts written outside the web app, as one chunk loaded on demand (server-texts.ts). */
export { errorText, translateKnown } from '../../../lib/error-texts';
