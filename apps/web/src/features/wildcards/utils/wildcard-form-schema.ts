import { z } from 'zod';
import { wildcardNameSchema, wildcardValuesSchema } from '@nocturne/contract/wildcards/wildcard';

/** The lines of a list as typed, one a line; blank lines are dropped, not refused. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A list's form: its name, and its lines in one text area, read with the contract's rules. */
export const wildcardFormSchema = z.object({
  name: wildcardNameSchema,
  values: z.string().transform(linesOf).pipe(wildcardValuesSchema),
});
