import { useMutation } from '@tanstack/react-query';
import { exportFileName } from '@nocturne/contract/account-data/export-user-data';
import { download } from '../../../lib/api-client';
import type { DownloadedFile } from '../../../lib/api-client.types';
import { saveBlob } from '../../../lib/download-file';

/** `GET /api/v1/user/export`: a ZIP of everything Nocturne holds about the caller. */
export function exportUserData(): Promise<DownloadedFile> {
  return download({ path: '/user/export' });
}

/** Downloads the export and saves it under the server's file name. */
export function useExportUserData() {
  return useMutation({
    mutationKey: ['account-data', 'export'],
    mutationFn: exportUserData,
    onSuccess: (file) => saveBlob(file.blob, file.fileName ?? exportFileName(new Date())),
  });
}
