/* Reports for staff: the appointment report, its channel filters and the chart. The only entry app.ts imports. */
export { reportRoutes } from './routes.ts';
