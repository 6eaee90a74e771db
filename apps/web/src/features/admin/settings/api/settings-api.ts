import {
  adminLandingSamplesResponseSchema,
  landingSamplesResponseSchema,
  putLandingSamplesRequestSchema,
} from '@nocturne/contract/admin/landing-samples';
import {
  putAnnouncementRequestSchema,
  putServiceSettingsRequestSchema,
  serviceStatusSchema,
  type PutAnnouncementRequest,
  type PutServiceSettingsRequest,
} from '@nocturne/contract/admin/service-settings';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../../lib/api-client';

/** `GET /api/v1/admin/settings`: the switch, its message and the announcement. */
export const settingsQueryOptions = queryOptions({
  queryKey: ['admin', 'settings'],
  queryFn: ({ signal }) =>
    request({ path: '/admin/settings', signal, schema: serviceStatusSchema }),
});

/** `GET /api/v1/admin/landing-samples`: the chosen samples with their favorites. */
export const landingSamplesQueryOptions = queryOptions({
  queryKey: ['admin', 'landing-samples'],
  queryFn: ({ signal }) =>
    request({ path: '/admin/landing-samples', signal, schema: adminLandingSamplesResponseSchema }),
});

export function putSettings(value: PutServiceSettingsRequest) {
  return request({
    method: 'PUT',
    path: '/admin/settings',
    body: { schema: putServiceSettingsRequestSchema, value },
    schema: serviceStatusSchema,
    retry: false,
  });
}

export function putAnnouncement(value: PutAnnouncementRequest) {
  return request({
    method: 'PUT',
    path: '/admin/announcement',
    body: { schema: putAnnouncementRequestSchema, value },
    schema: serviceStatusSchema,
    retry: false,
  });
}

export function clearAnnouncement() {
  return request({
    method: 'DELETE',
    path: '/admin/announcement',
    schema: serviceStatusSchema,
    retry: false,
  });
}

export function putLandingSamples(favoriteIds: string[]) {
  return request({
    method: 'PUT',
    path: '/admin/landing-samples',
    body: { schema: putLandingSamplesRequestSchema, value: { favorite_ids: favoriteIds } },
    schema: landingSamplesResponseSchema,
    retry: false,
  });
}
