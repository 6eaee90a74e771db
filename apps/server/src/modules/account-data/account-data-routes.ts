import { deleteAccountResponseSchema } from '@nocturne/contract/account-data/delete-account';
import { exportFileName } from '@nocturne/contract/account-data/export-user-data';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getRequestUser } from '../auth/get-request-user';
import type { ImageStore } from '../images/image-store';
import { sendExportReadyNotice } from '../notices/send-export-ready-notice';
import { collectUserExport } from './collect-user-export';
import { deleteUserAccount } from './delete-user-account';
import { streamUserExport } from './stream-user-export';

const tags = ['account'];
const security = [{ bearer: [] }];

/** The person's own data under /api/v1/user: take it all with you, or delete it all. */
export const accountDataRoutes: FastifyPluginAsyncZod<{
  images: ImageStore;
  publicUrl: string;
}> = async (app, options) => {
  const { images, publicUrl } = options;

  app.get(
    '/user/export',
    {
      schema: {
        operationId: 'exportAccountData',
        summary: 'Download all your data as a ZIP file',
        tags,
        security,
        description: 'A ZIP (application/zip): data.json and the stored images.',
        // Streamed as it is written; Fastify never serializes a stream, the schema only types it.
        response: { 200: z.unknown().describe('application/zip'), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = getRequestUser(request).id;
      const now = new Date();
      const collected = await collectUserExport({ db: app.database.db, images, userId, now });
      const zip = streamUserExport({ collected, images, now });
      zip.on('error', (error) => request.log.error({ err: error }, 'data export stream failed'));
      // 'finish' means the whole ZIP was handed to the connection; an aborted download never mails.
      reply.raw.once('finish', () => {
        sendExportReadyNotice({
          db: app.database.db,
          mailer: app.mailer,
          publicUrl,
          userId,
          fileName: exportFileName(now),
          exportedAt: new Date(),
        }).catch((error: unknown) => request.log.error({ err: error }, 'export-ready mail failed'));
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );

  app.delete(
    '/user/account',
    {
      schema: {
        operationId: 'deleteAccount',
        summary: 'Delete your account and all its data',
        tags,
        security,
        response: { 200: deleteAccountResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await deleteUserAccount({
        unitOfWork: app.unitOfWork,
        images,
        userId: getRequestUser(request).id,
        disconnectUser: (userId) => app.realtime.disconnectUser(userId),
        forgetUser: (userId) => app.userExistence.forget(userId),
      });
      return { deleted: true as const };
    },
  );
};
