import { describe, expect, it } from 'vitest';
import { landingDocument, spaDocument } from '../../../build/prerender-landing.mjs';
import {
  CHOSEN_SAMPLE_TEMPLATE_ID,
  LANDING_GALLERY_ATTRIBUTE,
  SAMPLE_IMAGE_SLOT,
  SAMPLE_PROMPT_SLOT,
} from '@nocturne/contract/landing-page-slots';
import { LANDING_GALLERY_SIZE } from '@nocturne/contract/constants';
import { renderFirstPaint, renderLanding } from './landing-prerender';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Nocturne</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="preload" as="font" type="font/woff2" href="/assets/fraunces-abc.woff2" crossorigin="">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Nocturne needs JavaScript to run.</noscript>
  </body>
</html>`;

function parse(html: string) {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the prerendered landing', () => {
  it('renders the whole page as HTML: header links, hero, features and the sample gallery', () => {
    const page = parse(renderLanding());
    expect(page.querySelector('h1')?.textContent).toBe(
      'Turn your words into midnight masterpieces',
    );
    const links = [...page.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Sign In', '/login'],
        ['Get Started', '/signup'],
        ['Start Free - No Card Needed', '/signup'],
        ['I already have an account', '/login'],
      ]),
    );
    expect(page.querySelectorAll('section[aria-labelledby="gallery-heading"] li')).toHaveLength(
      LANDING_GALLERY_SIZE,
    );
    expect(page.querySelector('footer')?.textContent).toContain('For adults 18 and over.');
  });

  it("marks the gallery's list and carries the chosen sample's card with its slots", () => {
    const html = renderLanding();
    const page = parse(html);
    expect(page.querySelectorAll(`ul[${LANDING_GALLERY_ATTRIBUTE}]`)).toHaveLength(1);
    const template = page.querySelector<HTMLTemplateElement>(
      `template#${CHOSEN_SAMPLE_TEMPLATE_ID}`,
    );
    const card = template?.content.querySelector('li figure');
    expect(card?.querySelector('img')?.getAttribute('src')).toBe(SAMPLE_IMAGE_SLOT);
    expect(card?.querySelector('img')?.getAttribute('alt')).toBe(SAMPLE_PROMPT_SLOT);
    expect(card?.textContent).toContain(`“${SAMPLE_PROMPT_SLOT}”`);
    expect(card?.textContent).toContain('Made with Nocturne');
    // The list holds only the built-in illustrations; the template is outside it.
    expect(html.match(/<template\b/g)).toHaveLength(1);
  });

  it('becomes a document with no script, its markup in #root and its stylesheet inlined', () => {
    const html = landingDocument(INDEX_HTML, '<h1>Hello $&amp; $1</h1>', (file) => {
      expect(file).toBe('assets/index-abc.css');
      return 'body{color:red}';
    });
    expect(html).not.toMatch(/<script|modulepreload|<noscript/);
    expect(html).toContain('<div id="root"><h1>Hello $&amp; $1</h1></div>');
    expect(html).toContain('<style>body{color:red}</style>');
    expect(html).not.toContain('index-abc.css');
    // The hero's font stays preloaded.
    expect(html).toContain('href="/assets/fraunces-abc.woff2"');
  });

  it('refuses a document without an empty #root rather than write a blank landing', () => {
    expect(() => landingDocument('<div id="app"></div>', '<h1>x</h1>', () => '')).toThrow(/#root/);
  });
});

describe('the SPA document painted before any script (issue 9: /dashboard first paint)', () => {
  it('has the loading state in #root and keeps every script and preload', () => {
    const html = spaDocument(INDEX_HTML, renderFirstPaint());
    const page = parse(html);
    const status = page.querySelector('#root > [role="status"]');
    expect(status?.textContent).toBe('Loading...');
    expect(status?.querySelector('svg')).not.toBeNull();
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    );
    expect(html).toContain('rel="modulepreload"');
  });

  it('refuses a document without an empty #root', () => {
    expect(() => spaDocument('<div id="app"></div>', '<p>x</p>')).toThrow(/#root/);
  });
});
