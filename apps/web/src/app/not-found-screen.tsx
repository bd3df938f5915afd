/** The not-found page (shared with the booking shell, which shows it for an unknown practice or scheduler). */
export { NotFoundScreen } from '../components/not-found-screen';
