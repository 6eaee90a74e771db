/**
 * The content rules' speed (docs/decisions/021-content-rules.md): how long the lists of every
 * language take to build, how many prompts one core checks per second, and the cost per kB of
 * long prompts (it must stay flat: the rules are linear in the prompt). Each figure by the wall
 * clock and by this process's CPU time, which other work on a shared machine does not inflate. The prompts are every
 * corpus prompt of every language (modules/moderation/corpus), each also with a negative prompt,
 * read once cold (no word remembered by the stemmers) and then round after round.
 * Prints a table and writes bench/results/content-rules.md unless the machine is busy (1-minute
 * load average over BENCH_MAX_LOAD, 1.5 by default): then it only prints.
 * Run: BENCH_ONLY=content-rules npm run bench -w @nocturne/server. BENCH_SECONDS (default 5).
 */
import { loadavg } from 'node:os';
import { describeMachine, markdownTable, SHARED_MACHINE_NOTE, writeResults } from './bench-report';
import { median } from './measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** CPU time this process used so far, ms: on a shared machine it counts only this work's time. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const MAX_LOAD = Number(process.env.BENCH_MAX_LOAD ?? 1.5);
const NOW = new Date('2025-06-01T00:00:00Z');

type Rules = Awaited<ReturnType<typeof loadRules>>;
type Check = (prompt: string) => unknown;
/** One figure by the wall clock and by this process's CPU time. */
interface Timed {
  wall: number;
  cpu: number;
}

async function main() {
  const rules = await loadRules();
  const builds = timeBuilds(rules);
  const policy = rules.createPromptPolicy();
  const prompts = corpusPrompts(rules);
  const check: Check = (prompt) =>
    policy({ prompts: ['', prompt], negativePrompt: 'blurry, lowres, child', now: NOW });
  const cold = promptsPerSecond(prompts, check);
  const warm = warmRounds(prompts, check);
  const perKb = timePerKb(prompts.join(', '), check);
  const lines = rulesReport({ rules, prompts, builds, cold, warm, perKb });
  const load = loadavg()[0] ?? 0;
  if (load > MAX_LOAD) {
    console.log(lines.join('\n'));
    console.log(`\nnot written: load average ${load.toFixed(2)} is over ${MAX_LOAD}`);
    return;
  }
  await writeResults('content-rules', lines);
}

/** Module loading compiles the age words and known words of every language: part of the build. */
async function loadRules() {
  const loadStarted = performance.now();
  const loadStartedCpu = cpuMs();
  const { createPromptPolicy } = await import('../src/modules/moderation/check-prompt-policy');
  const { createShippedLexicons } = await import('../src/modules/moderation/shipped-lexicons');
  const { CORPUS_LANGUAGES, readCorpus } = await import('../src/modules/moderation/read-corpus');
  const { LANGUAGES } = await import('../src/modules/moderation/terms');
  const loaded: Timed = { wall: performance.now() - loadStarted, cpu: cpuMs() - loadStartedCpu };
  return {
    createPromptPolicy,
    createShippedLexicons,
    CORPUS_LANGUAGES,
    readCorpus,
    LANGUAGES,
    loaded,
  };
}

/** The shipped lists built five times: each build's wall and CPU time. */
function timeBuilds(rules: Rules) {
  const builds: number[] = [];
  const buildsCpu: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const started = performance.now();
    const startedCpu = cpuMs();
    rules.createShippedLexicons();
    builds.push(performance.now() - started);
    buildsCpu.push(cpuMs() - startedCpu);
  }
  return { builds, buildsCpu };
}

/** Every corpus prompt of every language, allowed and prohibited. */
function corpusPrompts(rules: Rules): string[] {
  return rules.CORPUS_LANGUAGES.flatMap((language) =>
    (['allowed.txt', 'prohibited.txt'] as const).flatMap((file) => {
      try {
        return rules.readCorpus(language, file);
      } catch {
        return [];
      }
    }),
  );
}

/** One pass over `prompts`: checks per second by the wall clock and per CPU second. */
function promptsPerSecond(prompts: string[], check: Check): Timed {
  const started = performance.now();
  const startedCpu = cpuMs();
  prompts.forEach(check);
  return {
    wall: prompts.length / ((performance.now() - started) / 1000),
    cpu: prompts.length / ((cpuMs() - startedCpu) / 1000),
  };
}

/** Passes over `prompts` for BENCH_SECONDS, once every word is known to the stemmers. */
function warmRounds(prompts: string[], check: Check) {
  const rounds: number[] = [];
  const roundsCpu: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    const round = promptsPerSecond(prompts, check);
    rounds.push(round.wall);
    roundsCpu.push(round.cpu);
  }
  return { rounds, roundsCpu };
}

/** Long prompts of corpus text: the median time of five checks, and per kB. */
function timePerKb(sample: string, check: Check) {
  return [1_000, 10_000, 100_000].map((length) => {
    const text = sample.repeat(Math.ceil(length / sample.length)).slice(0, length);
    const times: number[] = [];
    const cpuTimes: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const startedCpu = cpuMs();
      check(text);
      times.push(performance.now() - started);
      cpuTimes.push(cpuMs() - startedCpu);
    }
    const kB = length / 1000;
    return {
      length,
      ms: median(times),
      perKb: median(times) / kB,
      cpuPerKb: median(cpuTimes) / kB,
    };
  });
}

/** bench/results/content-rules.md. */
function rulesReport(measured: {
  rules: Rules;
  prompts: string[];
  builds: ReturnType<typeof timeBuilds>;
  cold: Timed;
  warm: ReturnType<typeof warmRounds>;
  perKb: ReturnType<typeof timePerKb>;
}): string[] {
  const { rules, prompts, builds, cold, warm, perKb } = measured;
  return [
    '# Content rules',
    '',
    `${Object.keys(rules.LANGUAGES).length} languages, ${prompts.length} corpus prompts. ${describeMachine()}.`,
    SHARED_MACHINE_NOTE,
    '',
    ...markdownTable(
      ['measure', 'wall clock', 'CPU time'],
      [
        ['modules loaded (age and known words compiled), ms', rules.loaded.wall, rules.loaded.cpu],
        ['shipped lists built (median of 5), ms', median(builds.builds), median(builds.buildsCpu)],
        ['prompts/s on one core, cold (first read of each)', cold.wall, cold.cpu],
        [
          `prompts/s on one core, warm (median of ${warm.rounds.length} rounds)`,
          median(warm.rounds),
          median(warm.roundsCpu),
        ],
      ].map(([name, wall, cpu]) => [
        name as string,
        Number(wall).toFixed(0),
        Number(cpu).toFixed(0),
      ]),
    ),
    '',
    'A long prompt of corpus text: the time per kB stays flat when the check is linear.',
    '',
    ...markdownTable(
      ['prompt length', 'ms', 'ms per kB', 'CPU ms per kB'],
      perKb.map(({ length, ms, perKb: kb, cpuPerKb }) => [
        `${length / 1000} kB`,
        ms.toFixed(1),
        kb.toFixed(2),
        cpuPerKb.toFixed(2),
      ]),
    ),
  ];
}

await main();
