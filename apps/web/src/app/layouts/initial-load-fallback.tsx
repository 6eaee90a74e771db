import { LoadingScreen } from '../../components/ui/loading-screen';

/**
 * Shown on the first load while the first page's chunk arrives. The build writes the same markup
 * into index.html (renderFirstPaint), so the page paints it before any script has run and React's
 * first render changes nothing on screen; the protected pages then show it again while the session
 * loads (ProtectedRoute).
 */
export function InitialLoadFallback() {
  return <LoadingScreen />;
}
