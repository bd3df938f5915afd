/** The parts of a sample request, what a sample reports, and the check of a part against its schema. */
import type * as z from 'zod';
import type { BrandObjects, SessionName } from './safety-fixture.ts';

export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string>;
  /** undefined: no body. */
  body: unknown;
  /** Request headers the route needs besides the caller's (e.g. X-Twilio-Signature). */
  headers?: Record<string, string>;
}

export interface Sample {
  parts: RequestParts;
  /** Id kinds the request names (clientId, providerId…): what the cross-brand variants replace. */
  usedIds: string[];
  /** Parts the route's schemas refuse (empty for a valid request). */
  problems: string[];
}

export type SampleMode = 'probe' | 'success';

export interface SampleOptions {
  brand: BrandObjects;
  /** Replace the id of one kind (another brand's, or one that does not exist). */
  replaceId?: { kind: string; value: number };
  mode?: SampleMode;
  /** Who will send it (a success request on a record only its author may change makes one of theirs). */
  caller?: SessionName;
}

export function check(schema: z.ZodType | undefined, value: unknown, part: string, problems: string[]): void {
  if (schema === undefined) return;
  const result = schema.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues.slice(0, 3)) {
      problems.push(`${part}.${issue.path.map(String).join('.')}: ${issue.message}`);
    }
  }
}
