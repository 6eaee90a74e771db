/** Hands `href` to the browser's save flow under `fileName` through a temporary `<a download>`. */
function clickDownloadLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a blob (e.g. a fetched export) under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickDownloadLink(url, fileName);
  // The click has handed the blob to the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Saves `src` under `fileName`. A link's `download` name is ignored for another origin (the image
 * host may be one), so a URL is fetched into a same-origin blob first; data and blob URLs are
 * saved as they are.
 */
export async function downloadFile(src: string, fileName: string): Promise<void> {
  if (src.startsWith('data:') || src.startsWith('blob:')) {
    clickDownloadLink(src, fileName);
    return;
  }
  const response = await fetch(src);
  if (!response.ok) throw new Error(`Image download failed with ${response.status}`);
  saveBlob(await response.blob(), fileName);
}
