import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { intraOpThreadsFor, physicalCores } from './physical-cores';

const cpu = (physical: number, core: number) =>
  `processor\t: x\nphysical id\t: ${physical}\ncore id\t\t: ${core}\n`;

describe('physicalCores', () => {
  it('counts distinct physical cores, not hyper-threads, within the CPUs available', () => {
    const twoCoresFourThreads = [cpu(0, 0), cpu(0, 1), cpu(0, 0), cpu(0, 1)].join('\n');
    expect(physicalCores(twoCoresFourThreads)).toBe(Math.min(2, availableParallelism()));
  });

  it('falls back to the available CPUs when cpuinfo says nothing about cores', () => {
    expect(physicalCores('processor\t: 0\n')).toBe(availableParallelism());
  });

  it('keeps an explicit thread count', () => {
    expect(intraOpThreadsFor(3)).toBe(3);
    expect(intraOpThreadsFor(0)).toBe(physicalCores());
    expect(intraOpThreadsFor(undefined)).toBe(physicalCores());
  });
});
