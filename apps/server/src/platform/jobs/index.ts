/* The durable job queue: the interface (job-queue.ts) and the queue of a database. */
export * from './job-queue.ts';
export { createJobQueue } from './create-job-queue.ts';
export type { JobQueueOptions } from './create-job-queue.ts';
export { JobRunner } from './job-runner.ts';
export type { JobRunnerOptions } from './job-runner.ts';
