import {
  findPeopleQuerySchema,
  findPeopleResponseSchema,
  personIdParamsSchema,
} from '@nocturne/contract/admin/find-people';
import { getPersonResponseSchema } from '@nocturne/contract/admin/get-person';
import {
  personLedgerQuerySchema,
  personLedgerResponseSchema,
} from '@nocturne/contract/admin/person-ledger';
import {
  adjustPersonCreditsBodySchema,
  adjustPersonCreditsResponseSchema,
  adminReasonBodySchema,
  deletePersonResponseSchema,
  endPersonSessionsResponseSchema,
  setPersonGenerationBodySchema,
  setPersonGenerationResponseSchema,
} from '@nocturne/contract/admin/person-actions';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRequestOperator, type OperatorSettings } from '../../operators/require-operator';
import { adjustPersonCredits } from './adjust-person-credits';
import { deletePersonAccount } from './delete-person-account';
import { endPersonSessions } from './end-person-sessions';
import { findPeople } from './find-people';
import { findPersonLedger } from './find-person-ledger';
import { getPerson } from './get-person';
import { setPersonGeneration } from './set-person-generation';
import { ADMIN_ROUTE } from '../admin-route-schema';
import { errorResponses } from '../../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);
const params = personIdParamsSchema;

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Finding people, one person's page and their ledger. */
function personReadRoutes(app: App, operators: OperatorSettings) {
  const db = app.database.db;
  app.get(
    '/users',
    {
      schema: {
        operationId: 'findPeople',
        summary: 'Console: find people by email, username or id',
        ...ADMIN_ROUTE,
        querystring: findPeopleQuerySchema,
        response: { 200: findPeopleResponseSchema, ...errors },
      },
    },
    async (request) => findPeople({ db, query: request.query }),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        operationId: 'getPerson',
        summary: "Console: get a person's page",
        ...ADMIN_ROUTE,
        params,
        response: { 200: getPersonResponseSchema, ...errors },
      },
    },
    async (request) =>
      getPerson({ db, userId: request.params.id, operatorEmails: operators.emails }),
  );

  app.get(
    '/users/:id/ledger',
    {
      schema: {
        operationId: 'getPersonLedger',
        summary: "Console: list a person's credit ledger",
        ...ADMIN_ROUTE,
        params,
        querystring: personLedgerQuerySchema,
        response: { 200: personLedgerResponseSchema, ...errors },
      },
    },
    async (request) => findPersonLedger({ db, userId: request.params.id, query: request.query }),
  );
}

/** Credits given or taken, and generation suspended or restored. */
function personChangeRoutes(app: App) {
  app.post(
    '/users/:id/credits',
    {
      schema: {
        operationId: 'adjustPersonCredits',
        summary: 'Console: give a person credits or take some back',
        ...ADMIN_ROUTE,
        params,
        body: adjustPersonCreditsBodySchema,
        response: { 200: adjustPersonCreditsResponseSchema, 402: errorResponseSchema, ...errors },
      },
    },
    async (request) =>
      adjustPersonCredits({
        unitOfWork: app.unitOfWork,
        operator: getRequestOperator(request),
        userId: request.params.id,
        ...request.body,
      }),
  );

  app.put(
    '/users/:id/generation',
    {
      schema: {
        operationId: 'setPersonGeneration',
        summary: "Console: suspend or restore a person's generation",
        ...ADMIN_ROUTE,
        params,
        body: setPersonGenerationBodySchema,
        response: { 200: setPersonGenerationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.params.id;
      const result = await setPersonGeneration({
        unitOfWork: app.unitOfWork,
        operator: getRequestOperator(request),
        userId,
        ...request.body,
      });
      app.moderation.forgetGenerationHold(userId);
      return result;
    },
  );
}

/** Sessions ended and the account deleted. */
function personEndRoutes(app: App) {
  app.delete(
    '/users/:id/sessions',
    {
      schema: {
        operationId: 'endPersonSessions',
        summary: 'Console: sign a person out everywhere',
        ...ADMIN_ROUTE,
        params,
        body: adminReasonBodySchema,
        response: { 200: endPersonSessionsResponseSchema, ...errors },
      },
    },
    async (request) =>
      endPersonSessions({
        unitOfWork: app.unitOfWork,
        operator: getRequestOperator(request),
        userId: request.params.id,
        reason: request.body.reason,
      }),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        operationId: 'deletePerson',
        summary: "Console: delete a person's account",
        ...ADMIN_ROUTE,
        params,
        body: adminReasonBodySchema,
        response: { 200: deletePersonResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deletePersonAccount({
        unitOfWork: app.unitOfWork,
        images: app.images,
        operator: getRequestOperator(request),
        userId: request.params.id,
        reason: request.body.reason,
        disconnectUser: (userId) => app.realtime.disconnectUser(userId),
        forgetUser: (userId) => app.userExistence.forget(userId),
      });
      return { deleted: true as const };
    },
  );
}

/** The console's People section: find a person, see them, and act on their account (audited). */
export const peopleRoutes: FastifyPluginAsyncZod<{ operators: OperatorSettings }> = async (
  app,
  options,
) => {
  personReadRoutes(app, options.operators);
  personChangeRoutes(app);
  personEndRoutes(app);
};
