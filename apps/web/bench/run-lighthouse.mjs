// Lighthouse (default mobile settings: simulated slow 4G and a 4× slower CPU) in Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

export async function runLighthouse(url, { cookie } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const { lhr } = result;
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id].score]));
    const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id].displayValue]));
    // Audits that cost points, to know what to fix when a score is under the bar.
    const failing = Object.values(lhr.audits)
      .filter((audit) => typeof audit.score === 'number' && audit.score < 0.9)
      .filter((audit) => audit.scoreDisplayMode !== 'informative')
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return { url: lhr.finalDisplayedUrl, scores, metrics, failing, error: lhr.runtimeError?.code };
  } finally {
    await chrome.kill();
  }
}
