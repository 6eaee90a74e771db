import type { ReactNode } from 'react';
import { adminReasonSchema } from '@nocturne/contract/admin/admin-actions';
import { limitHint } from '../../../components/forms/limit-hint';
import type { z } from 'zod';
import { fieldMessages } from '../../../lib/forms/field-messages';
import { lengthLimitMessage } from '../../../lib/forms/length-limit';

/** A contract text rule's bounds (its `.min` and `.max`), so a form names the API's own. */
export function textBounds(rule: { minLength: number | null; maxLength: number | null }) {
  return { min: rule.minLength ?? 0, max: rule.maxLength ?? Number.MAX_SAFE_INTEGER };
}

const reasonBounds = textBounds(adminReasonSchema);
/** A console reason's bounds, the contract's own (the same rule the API checks). */
export const REASON_MIN_LENGTH = reasonBounds.min;
export const REASON_MAX_LENGTH = reasonBounds.max;

/** How a console form words a reason the contract refuses, both bounds named. */
export const REASON_RULE_MESSAGE = `Say why in ${REASON_MIN_LENGTH} to ${REASON_MAX_LENGTH} characters.`;

/** The resolver's words for a form whose reason field is `field`. */
export function reasonMessages(field = 'reason') {
  return fieldMessages({ [field]: REASON_RULE_MESSAGE });
}

/**
 * A reason field's hint: its own words, then its count once it nears the limit. The field never
 * cuts what is typed: a longer reason is refused with REASON_RULE_MESSAGE.
 */
export function reasonHint(hint: ReactNode, reason: string | undefined): ReactNode {
  return limitHint(hint, (reason ?? '').trim().length, REASON_MAX_LENGTH);
}

/**
 * The resolver's words for text fields over their limit, by the field's top-level name: the
 * subject and its limit (lengthLimitMessage). Other refusals keep their own words.
 */
export function limitMessages(
  limits: Readonly<Record<string, { subject: string; max: number }>>,
): z.core.ParseContext<z.core.$ZodIssue> {
  return {
    error: (issue) => {
      const field = issue.path?.[0];
      const limit = typeof field === 'string' ? limits[field] : undefined;
      return issue.code === 'too_big' && limit
        ? lengthLimitMessage(limit.subject, limit.max)
        : undefined;
    },
  };
}
