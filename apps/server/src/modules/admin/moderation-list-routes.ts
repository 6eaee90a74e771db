import {
  addBlockedNameBodySchema,
  addBlockedTermBodySchema,
  blockedNameSchema,
  blockedTermSchema,
  deleteModerationEntryResponseSchema,
  getAllowedPhrasesResponseSchema,
  getBlockedNamesResponseSchema,
  getBlockedTermsResponseSchema,
  moderationEntryParamsSchema,
} from '@nocturne/contract/admin/admin-moderation-lists';
import type { AdminAction } from '@nocturne/contract/admin/admin-actions';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  moderationAllowedPhrases,
  moderationBlockedNames,
  moderationBlockedTerms,
} from '../../db/moderation-schema';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { notifyRulesChanged } from '../moderation/moderation-rules';
import { recordAdminAction } from './record-admin-action';
import { getRequestOperator } from './require-operator';
import { ADMIN_ROUTE } from './admin-route-schema';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 404);
type ListTable =
  typeof moderationAllowedPhrases | typeof moderationBlockedTerms | typeof moderationBlockedNames;

const entry = <T extends { createdAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});
const termEntry = ({ kind, ...row }: typeof moderationBlockedTerms.$inferSelect) =>
  entry({ ...row, rule: kind as z.infer<typeof blockedTermSchema>['rule'] });

/**
 * The operators' lists (docs/operators.md#moderation): allowed phrases (added by marking a false
 * positive), extra blocked terms and real-person names. Each change, its audit row and the NOTIFY
 * that makes every process reload commit together; this process reloads before answering.
 */
export const moderationListRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const change = async <T>(
    request: FastifyRequest,
    action: AdminAction,
    write: (tx: DbHandle) => Promise<T | undefined>,
    audit: (row: T) => { before: unknown; after: unknown },
    missing: 'NOT_FOUND' | 'MODERATION_ENTRY_EXISTS',
  ): Promise<T> => {
    const row = await db.transaction(async (tx) => {
      const written = await write(tx);
      if (written === undefined) throw new AppError(missing);
      await recordAdminAction(tx, {
        operator: getRequestOperator(request),
        action,
        targetUserId: null,
        reason: null,
        ...audit(written),
      });
      await notifyRulesChanged(tx);
      return written;
    });
    await app.moderation.rules.reload();
    return row;
  };
  const remove = (path: string, table: ListTable, action: AdminAction) =>
    app.delete(
      `/${path}/:id`,
      {
        schema: {
          ...ADMIN_ROUTE,
          params: moderationEntryParamsSchema,
          response: { 200: deleteModerationEntryResponseSchema, ...errors },
        },
      },
      async (request) => {
        await change(
          request,
          action,
          async (tx) =>
            (await tx.delete(table).where(eq(table.id, request.params.id)).returning())[0],
          (row) => ({ before: { ...row }, after: null }),
          'NOT_FOUND',
        );
        return { deleted: true as const };
      },
    );

  app.get(
    '/allowed-phrases',
    { schema: { ...ADMIN_ROUTE, response: { 200: getAllowedPhrasesResponseSchema, ...errors } } },
    async () => ({
      phrases: (
        await db
          .select()
          .from(moderationAllowedPhrases)
          .orderBy(asc(moderationAllowedPhrases.createdAt))
      ).map(entry),
    }),
  );
  remove('allowed-phrases', moderationAllowedPhrases, 'allowed_phrase_remove');

  app.get(
    '/blocked-terms',
    { schema: { ...ADMIN_ROUTE, response: { 200: getBlockedTermsResponseSchema, ...errors } } },
    async () => ({
      terms: (
        await db
          .select()
          .from(moderationBlockedTerms)
          .orderBy(asc(moderationBlockedTerms.createdAt))
      ).map(termEntry),
    }),
  );
  app.post(
    '/blocked-terms',
    {
      schema: {
        ...ADMIN_ROUTE,
        body: addBlockedTermBodySchema,
        response: { 201: blockedTermSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { term, rule, language } = request.body;
      const row = await change(
        request,
        'blocked_term_add',
        async (tx) =>
          (
            await tx
              .insert(moderationBlockedTerms)
              .values({
                term,
                kind: rule,
                language: language ?? null,
                createdBy: getRequestOperator(request).id,
              })
              .onConflictDoNothing()
              .returning()
          )[0],
        (added) => ({ before: null, after: termEntry(added) }),
        'MODERATION_ENTRY_EXISTS',
      );
      return reply.code(201).send(termEntry(row));
    },
  );
  remove('blocked-terms', moderationBlockedTerms, 'blocked_term_remove');

  app.get(
    '/blocked-names',
    { schema: { ...ADMIN_ROUTE, response: { 200: getBlockedNamesResponseSchema, ...errors } } },
    async () => ({
      names: (
        await db
          .select()
          .from(moderationBlockedNames)
          .orderBy(asc(moderationBlockedNames.createdAt))
      ).map(entry),
    }),
  );
  app.post(
    '/blocked-names',
    {
      schema: {
        ...ADMIN_ROUTE,
        body: addBlockedNameBodySchema,
        response: { 201: blockedNameSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await change(
        request,
        'blocked_name_add',
        async (tx) =>
          (
            await tx
              .insert(moderationBlockedNames)
              .values({ name: request.body.name, createdBy: getRequestOperator(request).id })
              .onConflictDoNothing()
              .returning()
          )[0],
        (added) => ({ before: null, after: entry(added) }),
        'MODERATION_ENTRY_EXISTS',
      );
      return reply.code(201).send(entry(row));
    },
  );
  remove('blocked-names', moderationBlockedNames, 'blocked_name_remove');
};
