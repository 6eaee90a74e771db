/** The `result` event carries bare PNG base64; a data URL passes through unchanged. */
export function base64ToDataUrl(base64: string): string {
  return base64.startsWith('data:image/') ? base64 : `data:image/png;base64,${base64}`;
}

function stripDataUrl(value: string): string {
  const comma = value.indexOf(',');
  return value.startsWith('data:') && comma >= 0 ? value.slice(comma + 1) : value;
}

/** Base64 of an image shown from a data URL or a URL (a result recovered by GET has no base64). */
export async function imageSrcToBase64(src: string): Promise<string> {
  if (src.startsWith('data:')) return stripDataUrl(src);
  const response = await fetch(src);
  if (!response.ok) throw new Error(`Image download failed with ${response.status}`);
  const blob = await response.blob();
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Image read failed'));
    reader.readAsDataURL(blob);
  });
  return stripDataUrl(dataUrl);
}
