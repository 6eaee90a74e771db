/**
 * The credits race (issue 14): one free person with N credits sends 200 POST /generate at once to
 * the built server (`node dist/main.js --role=api`) on a throwaway PostgreSQL. Correctness: exactly
 * N accepted, every other answer 402 INSUFFICIENT_CREDITS, and afterwards balance = ledger sum = 0
 * with N queued generations; the bench exits non-zero when any of that fails. Also throughput and
 * p50/p99. Prints a table and writes bench/results/credits-race.md.
 * Run: BENCH_ONLY=credits-race npm run bench -w @nocturne/server. BENCH_ROUNDS, BENCH_RACE_CREDITS.
 */
import { count, eq } from 'drizzle-orm';
import { generations } from '../src/modules/generations/generations-tables';
import { giveCredits } from '../test/generation-worker-harness';
import { readCreditLedger } from '../test/read-credit-ledger';
import { describeMachine, markdownTable, SHARED_MACHINE_NOTE, writeResults } from './bench-report';
import {
  BENCH_LOG_LEVEL,
  profileFlags,
  startBenchStack,
  type BenchServer,
  type BenchStack,
} from './bench-stack';
import { median, percentile } from './measure';
import { keepModelsLive } from '../test/test-models';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CREDITS = Number(process.env.BENCH_RACE_CREDITS ?? 50);
const REQUESTS = 200;

interface Round {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  accepted: number;
  refused402: number;
  other: string[];
  balance: number | null;
  ledgerSum: number;
  queued: number;
  failures: string[];
}

interface Answer {
  status: number;
  error: string | undefined;
  /** From the first request sent to this answer. */
  ms: number;
}

async function main() {
  const stack = await startBenchStack();
  const rounds: Round[] = [];
  try {
    const api = await startRaceApi(stack);
    // A warm-up round on a person of its own, not counted.
    for (let round = 0; round <= ROUNDS; round += 1) {
      const result = await raceRound(stack, api, round);
      console.log(`round ${round}: ${JSON.stringify(result)}`);
      if (round > 0) rounds.push(result);
    }
  } finally {
    await stack.stop();
  }
  await writeResults('credits-race', raceReport(rounds));
  if (rounds.some((round) => round.failures.length > 0)) process.exitCode = 1;
}

async function startRaceApi(stack: BenchStack): Promise<BenchServer> {
  const api = await stack.startServer({
    name: 'api',
    role: 'api',
    nodeFlags: profileFlags(),
    env: {
      // Raised through their settings: 200 submits from one address and one person at once,
      // and a personal queue long enough that only the balance can refuse them.
      RATE_LIMIT_PER_MINUTE: '100000000',
      GENERATE_MAX_PER_USER_PER_MINUTE: '100000000',
      GENERATION_QUEUE_MAX_PER_USER: '100000',
      // A model at one credit per image (a catalog of one; never called: no worker runs)…
      IMAGE_BACKEND: 'openai',
      OPENAI_IMAGES_URL: 'http://127.0.0.1:9/v1',
    },
  });
  // …that counts as served, so submits reach the debit instead of MODEL_UNAVAILABLE.
  await keepModelsLive(stack.database.db, ['openai']);
  return api;
}

/** A new person with CREDITS credits sends REQUESTS submits at once; then the books are read. */
async function raceRound(stack: BenchStack, api: BenchServer, round: number): Promise<Round> {
  const person = await stack.createUser(`race-${round}@example.com`);
  await giveCredits(stack.database.db, person.userId, CREDITS);
  const answers = await submitAtOnce(api, person.token);
  const elapsed = Math.max(...answers.map((answer) => answer.ms));
  const ledger = await readCreditLedger(stack.database.db, person.userId);
  const [rows] = await stack.database.db
    .select({ queued: count() })
    .from(generations)
    .where(eq(generations.userId, person.userId));
  const accepted = answers.filter((answer) => answer.status === 200).length;
  const refused402 = answers.filter(
    (answer) => answer.status === 402 && answer.error === 'INSUFFICIENT_CREDITS',
  ).length;
  const other = answers
    .filter((answer) => answer.status !== 200 && answer.status !== 402)
    .map((answer) => `${answer.status} ${answer.error ?? ''}`);
  const queued = rows?.queued ?? 0;
  const failures = [
    accepted !== CREDITS && `${accepted} accepted, expected ${CREDITS}`,
    refused402 !== REQUESTS - CREDITS &&
      `${refused402} refused with 402, expected ${REQUESTS - CREDITS}`,
    ledger.balance !== 0 && `balance ${ledger.balance}, expected 0`,
    ledger.ledgerSum !== 0 && `ledger sum ${ledger.ledgerSum}, expected 0`,
    (ledger.balance ?? 0) < 0 && 'negative balance',
    queued !== CREDITS && `${queued} generations, expected ${CREDITS}`,
  ].filter((failure): failure is string => typeof failure === 'string');
  const latencies = answers.map((answer) => answer.ms);
  return {
    requestsPerSecond: (REQUESTS * 1000) / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    accepted,
    refused402,
    other,
    balance: ledger.balance,
    ledgerSum: ledger.ledgerSum,
    queued,
    failures,
  };
}

async function submitAtOnce(api: BenchServer, token: string): Promise<Answer[]> {
  const started = performance.now();
  return Promise.all(
    Array.from({ length: REQUESTS }, async (_, index) => {
      const response = await fetch(`${api.url}/api/v1/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ source_prompt: '', content_prompt: `race ${index} a lantern` }),
      });
      const body = (await response.json()) as { error?: string };
      return { status: response.status, error: body.error, ms: performance.now() - started };
    }),
  );
}

/** bench/results/credits-race.md: every counted round and whether its books were right. */
function raceReport(rounds: Round[]): string[] {
  const failed = rounds.filter((round) => round.failures.length > 0);
  return [
    '# Credits race benchmark: 200 concurrent generates by one person',
    '',
    `${new Date().toISOString()} · ${describeMachine()}`,
    '',
    `One free person with ${CREDITS} credits sends ${REQUESTS} POST /api/v1/generate at once (one`,
    `connection each) to the built server (\`node dist/main.js --role=api\`, LOG_LEVEL ${BENCH_LOG_LEVEL})`,
    'on a throwaway PostgreSQL 15; no worker runs, so nothing is refunded meanwhile. Rate limits and',
    'the personal queue are raised through their settings (RATE_LIMIT_PER_MINUTE,',
    'GENERATE_MAX_PER_USER_PER_MINUTE, GENERATION_QUEUE_MAX_PER_USER), so only the balance refuses.',
    `${ROUNDS} rounds after a warm-up round, a new person each; throughput from the first request to`,
    'the last answer. Written by `npm run bench -w @nocturne/server` (bench/credits-race.bench.ts).',
    '',
    ...markdownTable(
      [
        'round',
        'req/s',
        'p50 ms',
        'p99 ms',
        'accepted',
        '402',
        'other',
        'balance',
        'ledger sum',
        'generations',
        'correct',
      ],
      rounds.map((round, index) => [
        index + 1,
        round.requestsPerSecond.toFixed(0),
        round.p50.toFixed(0),
        round.p99.toFixed(0),
        round.accepted,
        round.refused402,
        round.other.length === 0 ? 0 : round.other.join(', '),
        round.balance ?? 'none',
        round.ledgerSum,
        round.queued,
        round.failures.length === 0 ? 'yes' : `**no**: ${round.failures.join('; ')}`,
      ]),
    ),
    '',
    `Median: **${median(rounds.map((round) => round.requestsPerSecond)).toFixed(0)} req/s**, p50 ` +
      `${median(rounds.map((round) => round.p50)).toFixed(0)} ms, p99 ` +
      `${median(rounds.map((round) => round.p99)).toFixed(0)} ms; ` +
      (failed.length === 0
        ? `correct in every round (exactly ${CREDITS} accepted, balance = ledger sum = 0).`
        : `**incorrect in ${failed.length} of ${rounds.length} rounds**.`),
    '',
    `- ${SHARED_MACHINE_NOTE}`,
    '',
  ];
}

await main();
