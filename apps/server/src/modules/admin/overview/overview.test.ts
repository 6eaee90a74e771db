import { adminOverviewSchema } from '@nocturne/contract/admin/overview';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { TEST_MODEL_ID } from '../../../../test/test-models';
import { workerModels } from '../../models/worker-models-tables';
import { seedOverview } from '../../../../test/seed-overview';

describe('GET /api/v1/admin/overview', () => {
  let context: AdminTestContext;

  beforeAll(async () => {
    context = await createAdminTestContext();
    await seedOverview(context.ctx.database.db, context.person.userId);
  }, 120_000);
  afterAll(() => context.ctx.close());

  const overview = async () => {
    const response = await apiCall(context.ctx, context.operator.token, 'GET', '/admin/overview');
    expect(response.statusCode).toBe(200);
    return adminOverviewSchema.parse(response.json());
  };

  it('is refused to anyone but an operator', async () => {
    const response = await apiCall(context.ctx, context.person.token, 'GET', '/admin/overview');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('OPERATOR_ONLY');
  });

  it("answers each model's queue, waits, workers and engine", async () => {
    const [model] = (await overview()).models;
    expect(model).toMatchObject({ id: TEST_MODEL_ID, queued: 2, running: 1, workers: 1 });
    // percentile_cont over the first claims' waits 0 (the running one), 2, 4 and 10 s.
    expect(model?.wait_p50_s).toBeCloseTo(3, 1);
    expect(model?.wait_p95_s).toBeCloseTo(9.1, 1);
    expect(model?.engine).toEqual({ backend: 'onnx', is_preview: true, fallback_reason: null });
  });

  it('counts jobs per minute and failures by kind within their windows', async () => {
    const body = await overview();
    expect(body.jobs_per_minute).toHaveLength(15);
    const finished = body.jobs_per_minute.reduce(
      (sum, minute) => ({
        completed: sum.completed + minute.completed,
        failed: sum.failed + minute.failed,
      }),
      { completed: 0, failed: 0 },
    );
    expect(finished).toEqual({ completed: 3, failed: 1 });
    expect(body.failures).toEqual([
      {
        reason: 'unreachable',
        detail: 'Cannot reach ComfyUI at http://gpu:8188/prompt (ECONNREFUSED)',
        count: 2,
      },
      { reason: 'error', detail: null, count: 1 },
    ]);
  });

  it('sums people, revenue, packs and credits within their windows', async () => {
    const body = await overview();
    // The three accounts of the fixture signed up just now; the seeded plan is not active.
    expect(body.people).toEqual({ sign_ups_today: 3, premium_monthly: 0, premium_lifetime: 0 });
    expect(body.revenue).toEqual([
      { currency: 'eur', amount: '9.50', payments: 1 },
      { currency: 'usd', amount: '43.99', payments: 2 },
    ]);
    expect(body.credit_packs_sold).toBe(2);
    const admin = body.credits.filter((row) => row.reason.startsWith('admin_'));
    expect(admin).toEqual([
      { reason: 'admin_debit', amount: -7 },
      { reason: 'admin_grant', amount: 42 },
    ]);
  });

  it('has the indexes its windows read (migration 0028)', async () => {
    const names = sql`select indexname from pg_indexes where indexname in ('generations_completed_idx', 'generations_started_idx', 'credit_transactions_created_idx', 'payments_granted_idx')`;
    // PGlite and node-postgres both answer raw queries as { rows }.
    const { rows } = (await context.ctx.database.db.execute(names)) as unknown as {
      rows: { indexname: string }[];
    };
    expect(rows).toHaveLength(4);
  });

  it('shows a model without a live worker as having none', async () => {
    await context.ctx.database.db.delete(workerModels);
    expect((await overview()).models[0]?.workers).toBe(0);
  });
});
