/** Admin CRUD: insurance carriers, plans and types. */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { nameText, pagedListQuerySchema, pagedResponseSchema, versionSchema } from './paging.ts';

// ---------------------------------------------------------------- admin CRUD: insurance

export const carrierParamsSchema = z.object({ carrierId: recordIdSchema });
export const planParamsSchema = z.object({ planId: recordIdSchema });

export const insuranceTypeParamsSchema = z.object({ insuranceTypeId: recordIdSchema });

export const carrierRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  name: nameText('carrier name'),
});
export const renameCarrierRequestSchema = carrierRequestSchema.extend({ version: versionSchema });
export const carrierAdminSchema = z.object({
  carrierId: z.string(),
  name: z.string(),
  planCount: z.number().int(),
  version: z.number().int(),
});
export type CarrierAdmin = z.output<typeof carrierAdminSchema>;
export const carrierResponseSchema = z.object({ carrier: carrierAdminSchema });

export const CARRIER_SORT_KEYS = ['name', 'planCount'] as const;
/** `search` matches the carrier's name. */
export const listCarriersQuerySchema = pagedListQuerySchema(CARRIER_SORT_KEYS, 'name');
export type ListCarriersQuery = z.output<typeof listCarriersQuerySchema>;
export const carriersAdminResponseSchema = pagedResponseSchema(carrierAdminSchema);

const planFieldsSchema = z.object({
  carrierId: recordIdSchema,
  name: nameText('plan name'),
  insuranceTypeId: recordIdSchema.nullable(),
  /** Rank among the top packages (1 first); null: not a top package. */
  topRank: z.number().int().min(1).max(100).nullable(),
  active: z.boolean(),
});
export const createPlanRequestSchema = planFieldsSchema
  .partial({ insuranceTypeId: true, topRank: true, active: true })
  .extend({ clientId: recordIdSchema.optional() });
export type CreatePlanRequest = z.output<typeof createPlanRequestSchema>;
export const updatePlanRequestSchema = planFieldsSchema
  .partial()
  .extend({ clientId: recordIdSchema.optional(), version: versionSchema });
export type UpdatePlanRequest = z.output<typeof updatePlanRequestSchema>;
export const planAdminSchema = z.object({
  planId: z.string(),
  carrierId: z.string(),
  carrierName: z.string(),
  name: z.string(),
  insuranceTypeId: z.string().nullable(),
  insuranceTypeName: z.string().nullable(),
  topRank: z.number().int().nullable(),
  active: z.boolean(),
  version: z.number().int(),
});
export type PlanAdmin = z.output<typeof planAdminSchema>;
export const planResponseSchema = z.object({ plan: planAdminSchema });

export const PLAN_SORT_KEYS = ['carrier', 'name', 'topRank'] as const;
/** `search` matches the plan's or its carrier's name. */
export const listPlansQuerySchema = pagedListQuerySchema(PLAN_SORT_KEYS, 'carrier');
export type ListPlansQuery = z.output<typeof listPlansQuerySchema>;
export const plansAdminResponseSchema = pagedResponseSchema(planAdminSchema);

// ---------------------------------------------------------------- admin CRUD: insurance types

export const insuranceTypeAdminSchema = z.object({
  insuranceTypeId: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  planCount: z.number().int(),
  version: z.number().int(),
});
export type InsuranceTypeAdmin = z.output<typeof insuranceTypeAdminSchema>;
export const insuranceTypeResponseSchema = z.object({ insuranceType: insuranceTypeAdminSchema });

const insuranceTypeFieldsSchema = z.object({
  name: nameText('type name', 60),
  sortOrder: z
    .number({ error: 'Enter a whole number' })
    .int({ error: 'Enter a whole number' })
    .min(0, { error: 'Use 0 or more' })
    .max(100_000, { error: 'Use at most 100000' }),
});
export const createInsuranceTypeRequestSchema = insuranceTypeFieldsSchema
  .partial({ sortOrder: true })
  .extend({ clientId: recordIdSchema.optional() });
export type CreateInsuranceTypeRequest = z.output<typeof createInsuranceTypeRequestSchema>;
export const updateInsuranceTypeRequestSchema = insuranceTypeFieldsSchema
  .partial()
  .extend({ clientId: recordIdSchema.optional(), version: versionSchema });
export type UpdateInsuranceTypeRequest = z.output<typeof updateInsuranceTypeRequestSchema>;

export const INSURANCE_TYPE_SORT_KEYS = ['name', 'sortOrder'] as const;
/** `search` matches the type's name. */
export const listInsuranceTypesQuerySchema = pagedListQuerySchema(INSURANCE_TYPE_SORT_KEYS, 'sortOrder');
export type ListInsuranceTypesQuery = z.output<typeof listInsuranceTypesQuerySchema>;
export const insuranceTypesAdminResponseSchema = pagedResponseSchema(insuranceTypeAdminSchema);
