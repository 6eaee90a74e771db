import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';

/** Far deeper than any body of the API; deep enough JSON overflows recursive code downstream. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Walks a parsed body, query or params without recursion (the input itself may be deep) and
 * answers what is wrong with it: a NUL character (PostgreSQL refuses it in text, which surfaced as
 * a 500 with the SQL in the log) or nesting past MAX_INPUT_DEPTH (better-auth's code overflowed the
 * stack on it).
 */
export function findHostileInput(value: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return 'Text must not contain NUL characters';
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_INPUT_DEPTH)
      return `Input is nested more than ${MAX_INPUT_DEPTH} levels deep`;
    for (const [key, child] of Object.entries(next.value)) {
      if (key.includes('\u0000')) return 'Text must not contain NUL characters';
      stack.push({ value: child, depth: next.depth + 1 });
    }
  }
  return null;
}

// A callback hook, not an async one: it runs on every request and has nothing to wait for.
function refuseHostileInput(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: AppError) => void,
) {
  const problem =
    findHostileInput(request.body) ??
    findHostileInput(request.query) ??
    findHostileInput(request.params);
  done(problem ? new AppError('VALIDATION_ERROR', { message: problem }) : undefined);
}

/** For every route, before its own validation: input no handler should ever see. */
export default fp(
  async function hostileInput(app: FastifyInstance) {
    app.addHook('preValidation', refuseHostileInput);
  },
  { name: 'refuse-hostile-input' },
);
