/** Spec §9 download name: generated-image-{timestamp}.png */
export function generatedImageFileName(now: number = Date.now()): string {
  return `generated-image-${now}.png`;
}
