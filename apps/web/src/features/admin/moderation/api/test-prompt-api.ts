import {
  testModerationBodySchema,
  testModerationResponseSchema,
} from '@nocturne/contract/admin/admin-moderation-lists';
import { request } from '../../../../lib/api-client';

/** `POST /api/v1/admin/moderation/test`: what the rules say now; nothing is recorded. */
export function testPrompt(prompt: string, negativePrompt: string) {
  return request({
    method: 'POST',
    path: '/admin/moderation/test',
    body: {
      schema: testModerationBodySchema,
      value: { prompt, ...(negativePrompt.trim() && { negative_prompt: negativePrompt }) },
    },
    retry: false,
    schema: testModerationResponseSchema,
  });
}
