import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buttonClasses } from './button-styles';

const theme = readFileSync(resolve(__dirname, '../../styles.css'), 'utf8');

/** A colour the theme defines, as `#rrggbb`. */
function themeColour(name: string): string {
  const found = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(theme);
  if (!found) throw new Error(`the theme defines no --color-${name} in hex`);
  return found[1]!;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return (light! + 0.05) / (dark! + 0.05);
}

/** `paint` laid over `under` at `alpha` (glass panels, the page's violet glow). */
function laid(paint: string, alpha: number, under: string): string {
  const channels = [1, 3, 5].map((at) => {
    const bottom = parseInt(under.slice(at, at + 2), 16);
    const top = parseInt(paint.slice(at, at + 2), 16);
    return Math.round(bottom + (top - bottom) * alpha);
  });
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

describe('the palette keeps text readable (WCAG 1.4.3)', () => {
  const surfaces = ['night-950', 'night-900', 'night-800', 'night-700'].map(themeColour);
  // The page under the panels: night with the body's violet glow at its strongest.
  const page = laid(themeColour('accent-600'), 0.18, themeColour('night-950'));
  const glass = [page, ...surfaces.slice(0, 3)].map((under) => laid('#ffffff', 0.09, under));

  it('muted grey text reaches 4.5:1 on every night surface and on glass', () => {
    const muted = themeColour('zinc-500');
    for (const surface of [...surfaces, page, ...glass]) {
      expect(contrast(muted, surface), `${muted} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('white on the success fill, at rest and hovered, reaches 4.5:1', () => {
    const classes = buttonClasses('success', 'md');
    for (const fill of ['success-600', 'success-700']) {
      expect(classes).toContain(fill);
      expect(contrast('#ffffff', themeColour(fill))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
