/** Admin: the paged list of users. */
import type * as z from 'zod';
import { practiceUserSchema } from '../admin-auth.ts';
import { pagedListQuerySchema, pagedResponseSchema } from './paging.ts';

// ---------------------------------------------------------------- admin: users (paged list)

export const USER_SORT_KEYS = ['name', 'email', 'lastLogin'] as const;
/** `search` matches the name or the e-mail address. */
export const listUsersQuerySchema = pagedListQuerySchema(USER_SORT_KEYS, 'name');
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;
export const usersPageResponseSchema = pagedResponseSchema(practiceUserSchema);
