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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { recordAdminAction } from '../admin-audit/admin-audit-repository';
import {
  addBlockedName,
  addBlockedTerm,
  readAllowedPhrases,
  readBlockedNames,
  readBlockedTerms,
  removeListEntry,
  type BlockedTermRow,
  type ModerationList,
} from '../moderation/moderation-lists-repository';
import { notifyRulesChanged } from '../moderation/moderation-rules';
import { getRequestOperator } from '../operators/require-operator';
import { ADMIN_ROUTE } from './admin-route-schema';

type App = Parameters<FastifyPluginAsyncZod>[0];

const errors = errorResponses(401, 403, 404);

const entry = <T extends { createdAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});
const termEntry = ({ kind, ...row }: BlockedTermRow) =>
  entry({ ...row, rule: kind as z.infer<typeof blockedTermSchema>['rule'] });

/** One operator's change of a list: the write, what its audit row says, and its refusal. */
interface ListChange<T> {
  request: FastifyRequest;
  action: AdminAction;
  /** The changed row; undefined when there was nothing to change. */
  write: (tx: DbHandle) => Promise<T | undefined>;
  audit: (row: T) => { before: unknown; after: unknown };
  missing: 'NOT_FOUND' | 'MODERATION_ENTRY_EXISTS';
}

/**
 * The change, its audit row and the NOTIFY that makes every process reload commit together; this
 * process reloads before answering.
 */
async function changeList<T>(app: App, change: ListChange<T>): Promise<T> {
  const row = await app.database.db.transaction(async (tx) => {
    const written = await change.write(tx);
    if (written === undefined) throw new AppError(change.missing);
    await recordAdminAction(tx, {
      operator: getRequestOperator(change.request),
      action: change.action,
      targetUserId: null,
      reason: null,
      ...change.audit(written),
    });
    await notifyRulesChanged(tx);
    return written;
  });
  await app.moderation.rules.reload();
  return row;
}

/** GET of each list, oldest entry first. */
function listReadRoutes(app: App) {
  const db = app.database.db;
  app.get(
    '/allowed-phrases',
    {
      schema: {
        operationId: 'listAllowedPhrases',
        summary: 'Console: list the allowed phrases',
        ...ADMIN_ROUTE,
        response: { 200: getAllowedPhrasesResponseSchema, ...errors },
      },
    },
    async () => ({ phrases: (await readAllowedPhrases(db)).map(entry) }),
  );
  app.get(
    '/blocked-terms',
    {
      schema: {
        operationId: 'listBlockedTerms',
        summary: 'Console: list the extra blocked terms',
        ...ADMIN_ROUTE,
        response: { 200: getBlockedTermsResponseSchema, ...errors },
      },
    },
    async () => ({ terms: (await readBlockedTerms(db)).map(termEntry) }),
  );
  app.get(
    '/blocked-names',
    {
      schema: {
        operationId: 'listBlockedNames',
        summary: 'Console: list the blocked real-person names',
        ...ADMIN_ROUTE,
        response: { 200: getBlockedNamesResponseSchema, ...errors },
      },
    },
    async () => ({ names: (await readBlockedNames(db)).map(entry) }),
  );
}

/** POST of a blocked term or name: 201 with the entry, 409 when the list already has it. */
function listAdditionRoutes(app: App) {
  const added = { 409: errorResponseSchema, ...errors };
  app.post(
    '/blocked-terms',
    {
      schema: {
        operationId: 'addBlockedTerm',
        summary: 'Console: block a term',
        ...ADMIN_ROUTE,
        body: addBlockedTermBodySchema,
        response: { 201: blockedTermSchema, ...added },
      },
    },
    async (request, reply) => {
      const { term, rule, language } = request.body;
      const createdBy = getRequestOperator(request).id;
      const row = await changeList(app, {
        request,
        action: 'blocked_term_add',
        write: (tx) =>
          addBlockedTerm(tx, { term, kind: rule, language: language ?? null, createdBy }),
        audit: (row) => ({ before: null, after: termEntry(row) }),
        missing: 'MODERATION_ENTRY_EXISTS',
      });
      return reply.code(201).send(termEntry(row));
    },
  );
  app.post(
    '/blocked-names',
    {
      schema: {
        operationId: 'addBlockedName',
        summary: "Console: block a real person's name",
        ...ADMIN_ROUTE,
        body: addBlockedNameBodySchema,
        response: { 201: blockedNameSchema, ...added },
      },
    },
    async (request, reply) => {
      const createdBy = getRequestOperator(request).id;
      const row = await changeList(app, {
        request,
        action: 'blocked_name_add',
        write: (tx) => addBlockedName(tx, { name: request.body.name, createdBy }),
        audit: (row) => ({ before: null, after: entry(row) }),
        missing: 'MODERATION_ENTRY_EXISTS',
      });
      return reply.code(201).send(entry(row));
    },
  );
}

/** How the API document names and describes the removal from each list. */
const REMOVAL_OPERATIONS: Record<ModerationList, { operationId: string; summary: string }> = {
  'allowed-phrases': {
    operationId: 'removeAllowedPhrase',
    summary: 'Console: remove an allowed phrase',
  },
  'blocked-terms': { operationId: 'removeBlockedTerm', summary: 'Console: unblock a term' },
  'blocked-names': {
    operationId: 'removeBlockedName',
    summary: "Console: unblock a real person's name",
  },
};

/** DELETE of one entry of a list: 404 when there is none. */
function listRemovalRoute(app: App, list: ModerationList, action: AdminAction) {
  app.delete(
    `/${list}/:id`,
    {
      schema: {
        ...REMOVAL_OPERATIONS[list],
        ...ADMIN_ROUTE,
        params: moderationEntryParamsSchema,
        response: { 200: deleteModerationEntryResponseSchema, ...errors },
      },
    },
    async (request) => {
      await changeList(app, {
        request,
        action,
        write: (tx) => removeListEntry(tx, list, request.params.id),
        audit: (row) => ({ before: { ...row }, after: null }),
        missing: 'NOT_FOUND',
      });
      return { deleted: true as const };
    },
  );
}

/**
 * The operators' lists (docs/operators.md#moderation): allowed phrases (added by marking a false
 * positive), extra blocked terms and real-person names, read, added to and removed from.
 */
export const moderationListRoutes: FastifyPluginAsyncZod = async (app) => {
  listReadRoutes(app);
  listAdditionRoutes(app);
  listRemovalRoute(app, 'allowed-phrases', 'allowed_phrase_remove');
  listRemovalRoute(app, 'blocked-terms', 'blocked_term_remove');
  listRemovalRoute(app, 'blocked-names', 'blocked_name_remove');
};
