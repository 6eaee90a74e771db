import { z } from 'zod';
import { textWithoutBidiControls } from '../text/bidi-controls';

/** The generation switch: everyone, premium only, or nobody may submit (decision 058). */
export const GENERATION_MODES = ['on', 'premium_only', 'off'] as const;
export const generationModeSchema = z.enum(GENERATION_MODES);
export type GenerationMode = z.infer<typeof generationModeSchema>;

export const SERVICE_MESSAGE_MAX = 500;
export const ANNOUNCEMENT_TEXT_MAX = 300;

/** PUT /api/v1/admin/settings: the switch and the sentence people see while it is not `on`. */
export const putServiceSettingsRequestSchema = z.object({
  generation: generationModeSchema,
  message: textWithoutBidiControls('message').trim().max(SERVICE_MESSAGE_MAX).default(''),
});
export type PutServiceSettingsRequest = z.infer<typeof putServiceSettingsRequestSchema>;

export const ANNOUNCEMENT_LEVELS = ['info', 'warning'] as const;

/** PUT /api/v1/admin/announcement: a banner for every signed-in person until `ends_at`. */
export const putAnnouncementRequestSchema = z.object({
  text: textWithoutBidiControls('text').trim().min(1).max(ANNOUNCEMENT_TEXT_MAX),
  level: z.enum(ANNOUNCEMENT_LEVELS),
  ends_at: z.iso.datetime({ offset: true }),
});
export type PutAnnouncementRequest = z.infer<typeof putAnnouncementRequestSchema>;

/**
 * The banner as people get it; `id` is new for each announcement (dismissals remember it). The
 * text as stored: the text rule applies where it is written, not to an answer.
 */
export const announcementSchema = putAnnouncementRequestSchema.extend({
  id: z.string(),
  text: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/**
 * GET /api/v1/service-status (any signed-in person), GET/PUT /api/v1/admin/settings, the
 * `service:status` channel's join snapshot and its `status_changed` event. `message` is the
 * operator's sentence ('' when none); `announcement` is null once it ended.
 */
export const serviceStatusSchema = z
  .object({
    generation: generationModeSchema,
    message: z.string(),
    announcement: announcementSchema.nullable(),
  })
  .meta({ id: 'ServiceStatus' });
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** Whether the switch refuses a submit from a person with (or without) premium. */
export function isGenerationPaused(generation: GenerationMode, premium: boolean): boolean {
  return generation === 'off' || (generation === 'premium_only' && !premium);
}
