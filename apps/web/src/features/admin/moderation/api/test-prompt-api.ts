import {
  testModerationBodySchema,
  testModerationResponseSchema,
} from '@nocturne/contract/admin/admin-moderation-lists';
import type { z } from 'zod';
import { request } from '../../../../lib/api-client';

export type TestPromptBody = z.input<typeof testModerationBodySchema>;

/** `POST /api/v1/admin/moderation/test`: what the rules say now; nothing is recorded. */
export function testPrompt(body: TestPromptBody) {
  return request({
    method: 'POST',
    path: '/admin/moderation/test',
    body: { schema: testModerationBodySchema, value: body },
    retry: false,
    schema: testModerationResponseSchema,
  });
}
