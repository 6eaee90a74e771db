import type { AdminRefusal } from '@nocturne/contract/admin/admin-refusals';

const EXCERPT = 60;

/**
 * Which refusal an action is about, for the names screen readers read ("Confirm the refusal of
 * “nude woman in kid gloves” by alice@example.com").
 */
export function describeRefusal(refusal: Pick<AdminRefusal, 'contentPrompt' | 'email'>): string {
  const prompt = refusal.contentPrompt.trim().replace(/\s+/g, ' ');
  const excerpt = prompt.length > EXCERPT ? `${prompt.slice(0, EXCERPT - 1)}…` : prompt;
  return `the refusal of “${excerpt}” by ${refusal.email}`;
}
