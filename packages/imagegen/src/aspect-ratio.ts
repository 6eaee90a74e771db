import { InvalidRequestError } from './errors';

export const SIDE_STEP = 64;
export const MIN_SIDE = 64;
export const MAX_SIDE = 2048;
/** Output ratios further than this from the one asked for count as not honoured. */
export const RATIO_TOLERANCE = 0.05;

const RATIO = /^([1-9]\d{0,3}):([1-9]\d{0,3})$/;

export interface Size {
  width: number;
  height: number;
}

/** "16:9" → 16/9; anything but two positive integers (up to 9999) is an InvalidRequestError. */
export function parseAspectRatio(value: string): number {
  const match = RATIO.exec(value);
  if (!match) {
    throw new InvalidRequestError(
      `aspectRatio must be "W:H" with positive integers (e.g. "16:9"), got "${value}".`,
    );
  }
  return Number(match[1]) / Number(match[2]);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** 768×512 → "3:2". */
export function ratioOfSize(width: number, height: number): string {
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

const clampSide = (v: number) => Math.min(MAX_SIDE, Math.max(MIN_SIDE, v));

/**
 * The size with the backend's pixel area (`area.width`×`area.height`) at `ratio`, both sides
 * multiples of 64. Each side's ideal value is rounded down and up; of those four candidates the
 * one closest to the ratio wins, then the one closest to the area. Rounding each side to its
 * nearest multiple instead can land 5 % off the ratio (2:3 at 512² → 448×640); this rule stays
 * within 4 % for the usual ratios and never grows an image by more than a side step.
 */
export function sizeForAspectRatio(ratio: number, area: Size): Size {
  const pixels = area.width * area.height;
  const idealWidth = Math.sqrt(pixels * ratio);
  const idealHeight = Math.sqrt(pixels / ratio);
  const around = (ideal: number) => [
    ...new Set([
      clampSide(Math.floor(ideal / SIDE_STEP) * SIDE_STEP),
      clampSide(Math.ceil(ideal / SIDE_STEP) * SIDE_STEP),
    ]),
  ];
  let best: Size & { ratioError: number; areaError: number } = {
    width: 0,
    height: 0,
    ratioError: Infinity,
    areaError: Infinity,
  };
  for (const width of around(idealWidth)) {
    for (const height of around(idealHeight)) {
      const ratioError = ratioDistance(width / height, ratio);
      const areaError = Math.abs(Math.log((width * height) / pixels));
      const better =
        ratioError < best.ratioError - 1e-12 ||
        (Math.abs(ratioError - best.ratioError) <= 1e-12 && areaError < best.areaError);
      if (better) best = { width, height, ratioError, areaError };
    }
  }
  return { width: best.width, height: best.height };
}

/** The other side for one given side, at the ratio, rounded to the nearest multiple of 64. */
export function otherSide(given: number, ratio: number, givenIs: 'width' | 'height'): number {
  const ideal = givenIs === 'width' ? given / ratio : given * ratio;
  return clampSide(Math.round(ideal / SIDE_STEP) * SIDE_STEP);
}

/** Symmetric relative distance between two ratios (|log|, so 2:1 vs 1:1 equals 1:2 vs 1:1). */
export function ratioDistance(a: number, b: number): number {
  return Math.abs(Math.log(a / b));
}

export function ratioDiffers(actual: number, wanted: number): boolean {
  return ratioDistance(actual, wanted) > Math.log(1 + RATIO_TOLERANCE) + 1e-9;
}
