export function landingDocument(
  indexHtml: string,
  landingMarkup: string,
  readAsset: (file: string) => string,
): string;
export function spaDocument(indexHtml: string, firstPaintMarkup: string): string;
