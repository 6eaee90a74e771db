import type { GenerationStatus } from '@nocturne/contract/generations/generation-status';
import type { FinishedImage, ImageSlot } from '../types';

/** What one event or row says about one image. */
export interface ImageReport {
  index: number;
  status: GenerationStatus;
  generationId?: string | null;
  progress?: number | null;
  queuePosition?: number | null;
  waitSeconds?: number | null;
  seed?: number | null;
  imageSrc?: string | null;
  error?: string | null;
}

const RANK: Record<ImageSlot['status'], number> = {
  pending: 0,
  queued: 1,
  processing: 2,
  completed: 3,
  failed: 4,
};

export function createImageSlots(count: number): ImageSlot[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    generationId: null,
    status: 'pending',
    progress: null,
    queuePosition: null,
    waitSeconds: null,
    seed: null,
    imageSrc: null,
    error: null,
    preview: null,
  }));
}

/** An image is done when it failed or its picture arrived (a `completed` row alone is not). */
export function isImageDone(slot: ImageSlot): boolean {
  return slot.status === 'failed' || (slot.status === 'completed' && slot.imageSrc !== null);
}

/**
 * Applies one report to its image. Like the whole flow, an image only moves forward: a late
 * `queued` never undoes `processing`, and nothing changes a done image.
 */
export function applyImageReport(slots: ImageSlot[], report: ImageReport): ImageSlot[] {
  const slot = slots[report.index];
  if (!slot || isImageDone(slot)) return slots;
  if (RANK[report.status] < RANK[slot.status]) return slots;
  const next: ImageSlot = {
    ...slot,
    status: report.status,
    generationId: report.generationId ?? slot.generationId,
    seed: report.seed ?? slot.seed,
    progress: report.progress ?? (report.status === slot.status ? slot.progress : null),
    queuePosition: report.status === 'queued' ? (report.queuePosition ?? null) : null,
    waitSeconds: report.status === 'queued' ? (report.waitSeconds ?? null) : null,
    imageSrc: report.imageSrc ?? slot.imageSrc,
    error: report.status === 'failed' ? (report.error ?? null) : null,
  };
  return slots.map((current) => (current.index === report.index ? next : current));
}

export interface ImagesSummary {
  /** The status the whole submit shows, or null while nothing was heard. */
  status: GenerationStatus | null;
  /** 0-1 over all images: a done image counts whole, a processing one by its reported part. */
  progress: number;
  /** The nearest queued image's place and wait. */
  queuePosition: number | null;
  waitSeconds: number | null;
}

function smallest(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length > 0 ? Math.min(...known) : null;
}

/**
 * The submit as one: completed when every image is done and one has its picture, failed when all
 * failed, finalizing (`completed`) when only pictures are missing, processing as soon as any image
 * started or ended, queued while all wait.
 */
export function summarizeImages(slots: ImageSlot[]): ImagesSummary {
  const parts = slots.map((slot) =>
    slot.status === 'completed' || slot.status === 'failed'
      ? 1
      : slot.status === 'processing'
        ? (slot.progress ?? 0)
        : 0,
  );
  const progress = parts.reduce((sum, part) => sum + part, 0) / Math.max(1, slots.length);
  const queued = slots.filter((slot) => slot.status === 'queued');
  const summary = {
    progress,
    queuePosition: smallest(queued.map((slot) => slot.queuePosition)),
    waitSeconds: smallest(queued.map((slot) => slot.waitSeconds)),
  };
  const open = slots.filter((slot) => !isImageDone(slot));
  if (open.length === 0) {
    const anyImage = slots.some((slot) => slot.status === 'completed');
    return { ...summary, status: anyImage ? 'completed' : 'failed' };
  }
  if (open.every((slot) => slot.status === 'completed')) return { ...summary, status: 'completed' };
  const started = slots.some((slot) => RANK[slot.status] >= RANK.processing);
  if (started) return { ...summary, status: 'processing' };
  if (queued.length > 0) return { ...summary, status: 'queued' };
  return { ...summary, status: null };
}

export function finishedImages(slots: ImageSlot[]): FinishedImage[] {
  return slots.map(({ index, generationId, seed, imageSrc, error }) => ({
    index,
    generationId,
    seed,
    imageSrc,
    error,
  }));
}
