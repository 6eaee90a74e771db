import type { AdminRefusal } from '@nocturne/contract/admin/admin-refusals';
import { http, HttpResponse } from 'msw';
import { signedInHandlers } from '../../../support/fixtures';

const UUID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A refused prompt as GET /admin/refusals lists it. */
export function refusalFixture(n: number, overrides: Partial<AdminRefusal> = {}): AdminRefusal {
  const id = UUID(n);
  return {
    id,
    at: '2026-11-25T10:00:00.000Z',
    rule: 'sexualised_minor',
    matchedTerms: ['kid', 'nude'],
    // As a refusal recorded before the person's own words were kept.
    matchedWords: [],
    userId: `user-${n}`,
    email: `person${n}@example.com`,
    languages: ['en'],
    sourcePrompt: '',
    contentPrompt: 'nude woman in kid gloves',
    negativePrompt: '',
    status: 'open',
    reviewedAt: null,
    reviewedBy: null,
    reviewReason: null,
    history: {
      count: 3,
      last: [
        {
          id,
          at: '2026-11-25T10:00:00.000Z',
          rule: 'sexualised_minor',
          matchedTerms: ['kid'],
          matchedWords: [],
        },
        {
          id: UUID(900 + n),
          at: '2026-11-24T09:00:00.000Z',
          rule: 'sexualised_minor',
          matchedTerms: ['teen', 'sexy'],
          matchedWords: [],
        },
      ],
      heldByOperator: false,
      suspendedUntil: null,
    },
    ...overrides,
  };
}

/** The console's operator, signed in. */
export const operatorHandlers = () => [
  ...signedInHandlers(),
  http.get('*/api/v1/admin/operator', () =>
    HttpResponse.json({ id: 'op-1', email: 'op@example.com' }),
  ),
];

/**
 * The refusals API over an in-memory queue: reviews move a refusal out of `open`, a false
 * positive adds its phrase to `phrases`, and every review body is kept in `requests`.
 */
export function refusalsApi(refusals: AdminRefusal[]) {
  const requests: Array<{ url: string; body: unknown }> = [];
  const phrases: string[] = [];
  const review =
    (status: AdminRefusal['status']) =>
    async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
      const body = (await request.json()) as { reason: string; phrase?: string };
      requests.push({ url: new URL(request.url).pathname, body });
      const refusal = refusals.find((entry) => entry.id === params.id);
      if (!refusal)
        return HttpResponse.json({ error: 'NOT_FOUND', message: 'Not found.' }, { status: 404 });
      if (refusal.status !== 'open') {
        return HttpResponse.json(
          { error: 'REFUSAL_ALREADY_REVIEWED', message: 'This refusal has already been reviewed.' },
          { status: 409 },
        );
      }
      if (body.phrase === 'gloves') {
        return HttpResponse.json(
          {
            error: 'ALLOWED_PHRASE_INVALID',
            message:
              'The allowed phrase must be words of the refused prompt that matched a rule, and must not be refused on its own.',
          },
          { status: 422 },
        );
      }
      Object.assign(refusal, {
        status,
        reviewedAt: '2026-11-25T11:00:00.000Z',
        reviewedBy: 'op-1',
        reviewReason: body.reason,
      });
      if (body.phrase) phrases.push(body.phrase);
      const { history: _history, ...reviewed } = refusal;
      return HttpResponse.json({
        refusal: reviewed,
        allowedPhraseId: body.phrase ? UUID(500) : null,
      });
    };
  const handlers = [
    http.get('*/api/v1/admin/refusals', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? 'open';
      const shown = refusals.filter((refusal) => refusal.status === status);
      return HttpResponse.json({ refusals: shown, total: shown.length });
    }),
    http.post('*/api/v1/admin/refusals/:id/confirm', review('confirmed')),
    http.post('*/api/v1/admin/refusals/:id/false-positive', review('false_positive')),
  ];
  /** Another operator's review, between this page's load and its request. */
  const reviewElsewhere = (id: string, status: AdminRefusal['status']) => {
    const refusal = refusals.find((entry) => entry.id === id);
    if (refusal) refusal.status = status;
  };
  return { handlers, requests, phrases, reviewElsewhere };
}

/**
 * Loads the console's lazy chunks once, before the first test's clock starts: their first
 * transform on a busy machine takes longer than the page's own waits allow.
 */
export async function preloadModerationPage(): Promise<void> {
  await import('../../../../src/app/layouts/console-layout');
  await import('../../../../src/app/routes/admin/moderation');
}
