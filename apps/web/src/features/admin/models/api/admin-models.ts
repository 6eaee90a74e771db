import { queryOptions } from '@tanstack/react-query';
import {
  adminModelListSchema,
  modelPullStateSchema,
  putModelSwitchRequestSchema,
  type PutModelSwitchRequest,
} from '@nocturne/contract/admin/models';
import { request } from '../../../../lib/api-client';

export const adminModelsQueryOptions = queryOptions({
  queryKey: ['admin', 'models'],
  queryFn: ({ signal }) => request({ path: '/admin/models', signal, schema: adminModelListSchema }),
});

/** `PUT /api/v1/admin/models/{id}`: answers the catalog as it is after the change. */
export function putModelSwitch(id: string, value: PutModelSwitchRequest) {
  return request({
    method: 'PUT',
    path: `/admin/models/${encodeURIComponent(id)}`,
    body: { schema: putModelSwitchRequestSchema, value },
    schema: adminModelListSchema,
    retry: false,
  });
}

/** `POST /api/v1/admin/models/{id}/pull`: the pull's first state; progress comes over realtime. */
export function startModelPull(id: string) {
  return request({
    method: 'POST',
    path: `/admin/models/${encodeURIComponent(id)}/pull`,
    schema: modelPullStateSchema,
    retry: false,
  });
}
