import type { FirstAnswers } from './first-answers';

/** The id of the JSON script the server puts in a document it rendered (docs/decisions/034). */
export const EMBEDDED_ANSWERS_ID = 'first-answers';

/** The answers a server-rendered document carries; null for the plain document or a broken one. */
export function readEmbeddedAnswers(doc: Document): FirstAnswers | null {
  const text = doc.getElementById(EMBEDDED_ANSWERS_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<FirstAnswers> | null;
    if (!value || typeof value.answers !== 'object' || value.answers === null) return null;
    const { locale, now } = value.render ?? {};
    if (typeof locale !== 'string' || typeof now !== 'number') return null;
    return { session: value.session, answers: value.answers, render: { locale, now } };
  } catch {
    return null;
  }
}
