import { useEffect } from 'react';
import { endFirstRender } from '../lib/first-render';

/**
 * Ends the server's locale and clock (lib/first-render.ts) once the first render has committed:
 * an effect runs only after hydration, and later renders use the browser's own.
 */
export function FirstRenderEnd() {
  useEffect(() => endFirstRender(), []);
  return null;
}
