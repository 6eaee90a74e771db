import type {
  PutAnnouncementRequest,
  PutServiceSettingsRequest,
} from '@nocturne/contract/admin/service-settings';
import { channels } from '@nocturne/contract/realtime/channels';
import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import { recordAdminAction } from '../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../operators/require-operator';
import {
  notifyServiceSettingsChanged,
  readServiceSettings,
  toServiceStatus,
  writeServiceSettings,
  type StoredServiceSettings,
} from './service-settings-repository';

export type ServiceSettingsChange =
  | { kind: 'switch'; settings: PutServiceSettingsRequest }
  | { kind: 'announcement'; announcement: PutAnnouncementRequest | null };

function apply(
  before: StoredServiceSettings,
  change: ServiceSettingsChange,
): StoredServiceSettings {
  if (change.kind === 'switch') return { ...before, ...change.settings };
  const next = change.announcement;
  return { ...before, announcement: next ? { id: randomUUID(), ...next } : null };
}

/**
 * An operator's change of the switch or the announcement, in one transaction: the row, its audit
 * row (before and after), the NOTIFY that makes every process reread it, and the `status_changed`
 * event to every signed-in client, both leaving at commit.
 */
export async function updateServiceSettings(options: {
  unitOfWork: UnitOfWork;
  operator: RequestOperator;
  change: ServiceSettingsChange;
}): Promise<StoredServiceSettings> {
  const { operator, change } = options;
  return options.unitOfWork.transaction(async (tx, events) => {
    const before = await readServiceSettings(tx, true);
    const after = apply(before, change);
    await writeServiceSettings(tx, after);
    await recordAdminAction(tx, {
      operator,
      action: change.kind === 'switch' ? 'settings_update' : 'announcement_set',
      targetUserId: null,
      reason: null,
      before,
      after,
    });
    await notifyServiceSettingsChanged(tx);
    events.add({
      channel: channels.service(),
      event: 'status_changed',
      payload: toServiceStatus(after, new Date()),
    });
    return after;
  });
}
