/* Anonymous usage analytics of the booking flow (POST updateUserSession, POST /api/track). The only entry app.ts imports. */
export { analyticsRoutes } from './routes.ts';
