/**
 * Saves `src` under `fileName`. A link's `download` name is ignored for another origin (the image
 * host may be one), so a URL is fetched into a same-origin blob first.
 */
export async function downloadFile(src: string, fileName: string): Promise<void> {
  let href = src;
  let objectUrl: string | null = null;
  if (!src.startsWith('data:') && !src.startsWith('blob:')) {
    const response = await fetch(src);
    if (!response.ok) throw new Error(`Image download failed with ${response.status}`);
    objectUrl = URL.createObjectURL(await response.blob());
    href = objectUrl;
  }
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoking at once can cancel it in some browsers.
  if (objectUrl) setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}
