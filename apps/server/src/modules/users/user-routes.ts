import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import { getProfileResponseSchema } from '@nocturne/contract/users/get-profile';
import {
  preferencesSchema,
  updatePreferencesBodySchema,
} from '@nocturne/contract/users/preferences';
import { updateProfileBodySchema } from '@nocturne/contract/users/update-profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { getOperatorStatus } from '../operators/get-operator-status';
import type { OperatorSettings } from '../operators/require-operator';
import { getRequestUser } from '../auth/get-request-user';
import { getPreferences } from './get-preferences';
import { getProfile } from './get-profile';
import { updatePreferences } from './update-preferences';
import { updateProfile } from './update-profile';
import { errorResponses } from '../../lib/error-responses';

const security = [{ bearer: [] }];
const errors = errorResponses(401, 404, 422);

/**
 * The profile form shows the server's message under the field, so a broken spec §5 username rule
 * answers with exactly that rule's text rather than the generic "Invalid input: …" summary.
 */
function throwFirstValidationIssue(request: FastifyRequest): void {
  const issue = request.validationError?.validation[0];
  if (issue) throw new AppError('VALIDATION_ERROR', { message: issue.message ?? undefined });
}

/** The caller's own profile and preferences under /api/v1 (bearer token required). */
export const userRoutes: FastifyPluginAsyncZod<{ operators: OperatorSettings }> = async (
  app,
  options,
) => {
  const db = app.database.db;
  const profileOf = async (userId: string) => {
    const [profile, status] = await Promise.all([
      getProfile({ db, userId }),
      getOperatorStatus({ db, userId, operatorEmails: options.operators.emails }),
    ]);
    return status.isOperator ? { ...profile, isOperator: true as const } : profile;
  };

  app.get(
    '/profile',
    {
      schema: {
        operationId: 'getProfile',
        summary: 'Get your profile and your statistics',
        tags: ['profile'],
        security,
        response: { 200: getProfileResponseSchema, ...errors },
      },
    },
    async (request) => profileOf(getRequestUser(request).id),
  );

  app.put(
    '/profile',
    {
      attachValidation: true,
      schema: {
        operationId: 'updateProfile',
        summary: 'Change your profile',
        tags: ['profile'],
        security,
        body: updateProfileBodySchema,
        response: { 200: getProfileResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      throwFirstValidationIssue(request);
      await updateProfile({ db, userId, change: request.body });
      return profileOf(userId);
    },
  );

  app.get(
    '/user/preferences',
    {
      schema: {
        operationId: 'getPreferences',
        summary: 'Get your preferences',
        tags: ['profile'],
        security,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) => getPreferences({ db, userId: getRequestUser(request).id }),
  );

  app.put(
    '/user/preferences',
    {
      schema: {
        operationId: 'updatePreferences',
        summary: 'Change your preferences',
        tags: ['profile'],
        security,
        body: updatePreferencesBodySchema,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) =>
      updatePreferences({ db, userId: getRequestUser(request).id, change: request.body }),
  );
};
