import { z } from 'zod';

/** GET /health: liveness and database reachability. 200 when healthy, 503 when the DB is down. */
export const getHealthResponseSchema = z
  .object({ status: z.enum(['ok', 'unavailable']) })
  .meta({ id: 'HealthResponse' });

export type GetHealthResponse = z.infer<typeof getHealthResponseSchema>;
