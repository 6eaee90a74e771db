import { z } from 'zod';
import { GENERATION_STATUSES } from './generation-status';

/** `update` on generation:{request_id}: every row change (spec §4 "database UPDATE"). */
export const generationUpdateEventSchema = z.object({
  request_id: z.string(),
  status: z.enum(GENERATION_STATUSES),
  queue_position: z.number().int().positive().nullable().optional(),
  progress: z.number().min(0).max(1).nullable().optional(),
  stage: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
});
export type GenerationUpdateEvent = z.infer<typeof generationUpdateEventSchema>;

/** `result` on generation:{request_id}: the final image as base64 (spec §3 "final result"). */
export const generationResultEventSchema = z.object({
  request_id: z.string(),
  status: z.enum(GENERATION_STATUSES),
  result_base64: z.string().nullable(),
  result_image_url: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
});
export type GenerationResultEvent = z.infer<typeof generationResultEventSchema>;
