import type { PutModelSwitchRequest } from '@nocturne/contract/admin/models';
import type { UnitOfWork } from '../../../db/create-unit-of-work';
import { readModelSwitches, writeModelSwitch } from '../../models/model-switches';
import { recordAdminAction } from '../../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../../operators/require-operator';

/**
 * An operator turns a model on or off, in one transaction: the switch, its audit row (before and
 * after) and the NOTIFY that makes every process forget its cached switches at commit.
 */
export async function setModelSwitch(options: {
  unitOfWork: UnitOfWork;
  operator: RequestOperator;
  modelId: string;
  change: PutModelSwitchRequest;
}): Promise<void> {
  const { operator, modelId, change } = options;
  await options.unitOfWork.transaction(async (tx) => {
    const before = (await readModelSwitches(tx)).get(modelId);
    await writeModelSwitch(tx, modelId, { ...change, changedBy: operator.email });
    await recordAdminAction(tx, {
      operator,
      action: change.enabled ? 'model_enable' : 'model_disable',
      targetUserId: null,
      reason: change.reason,
      before: { model: modelId, enabled: before?.enabled ?? true },
      after: { model: modelId, enabled: change.enabled },
    });
  });
}
