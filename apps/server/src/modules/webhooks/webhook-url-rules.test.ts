import { describe, expect, it } from 'vitest';
import { blockedAddressReason } from './blocked-addresses';
import { guardedLookup } from './guarded-lookup';
import { webhookUrlProblem } from './webhook-url-rules';
import { exponentialRetrySchedule } from './webhook-retry-schedule';

describe('where a webhook may point', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['0.0.0.0', 'a "this network" address'],
    ['10.0.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['::ffff:192.168.1.1', 'a private address'],
    ['100.127.0.1', 'a shared (CGNAT) address'],
    ['169.254.169.254', 'a link-local or metadata address'],
    ['fd00:ec2::254', 'a private address (or the metadata address)'],
    ['fe80::1', 'a link-local address'],
  ])('refuses %s: %s', (address, why) => {
    expect(blockedAddressReason(address)).toBe(why);
  });

  it.each(['93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700::1111'])(
    'lets a public address through: %s',
    (address) => {
      expect(blockedAddressReason(address)).toBeUndefined();
    },
  );

  it('checks the text of a URL: https, no credentials, no private host unless allowed', () => {
    const problem = (url: string, allowPrivate = false) =>
      webhookUrlProblem(new URL(url), allowPrivate);
    expect(problem('https://hooks.example.com/x')).toBeUndefined();
    expect(problem('ftp://hooks.example.com/x')).toBe('it must start with https://');
    expect(problem('https://user:pw@hooks.example.com/x')).toBe(
      'it must not carry a user name or password',
    );
    // Numeric spellings of an address are read as the address.
    expect(problem('https://2130706433/x')).toBe('it names a loopback address');
    expect(problem('https://[::ffff:7f00:1]/x')).toBe('it names a loopback address');
    expect(problem('http://127.0.0.1:8080/x', true)).toBeUndefined();
    expect(problem('ftp://127.0.0.1/x', true)).toBe('it must start with https://');
  });

  it('refuses, at connect time, a name that resolves to a loopback address', async () => {
    const looked = await new Promise<unknown>((resolve) =>
      guardedLookup('localhost', { all: true }, (error) => resolve(error)),
    );
    expect(String(looked)).toMatch(/address refused: localhost resolves to a loopback address/);
  });
});

describe('the retry schedule', () => {
  it('doubles up to its ceiling, each wait between its half and its whole', () => {
    const lowest = exponentialRetrySchedule(
      { baseMs: 100, maxMs: 1000, giveUpAfterMs: 1 },
      () => 0,
    );
    const highest = exponentialRetrySchedule(
      { baseMs: 100, maxMs: 1000, giveUpAfterMs: 1 },
      () => 1,
    );
    expect([1, 2, 3, 4, 5, 9].map((n) => highest.delayAfter(n))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect([1, 2, 3].map((n) => lowest.delayAfter(n))).toEqual([50, 100, 200]);
  });
});
