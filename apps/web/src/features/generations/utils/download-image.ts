/** Spec §9 download name: generated-image-{timestamp}.png */
export function generatedImageFileName(now: number = Date.now()): string {
  return `generated-image-${now}.png`;
}

/** Saves `src` (data URL or same-origin URL) under `fileName` through a temporary link. */
export function downloadImage(src: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = src;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
