import { z } from 'zod';

/** GET /api/v1/admin/operator: the signed-in operator, once the console's gate has let them in. */
export const getOperatorResponseSchema = z
  .object({ id: z.string(), email: z.string() })
  .meta({ id: 'Operator' });

export type Operator = z.infer<typeof getOperatorResponseSchema>;
