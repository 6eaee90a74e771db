import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router';
import { StaticRouter } from 'react-router';
import { ChosenSampleTemplate } from '../../features/landing/components/chosen-sample-card';
import { InitialLoadFallback } from '../layouts/initial-load-fallback';
import { PublicLayout } from '../layouts/public-layout';
import { LandingRoute } from './landing';

/**
 * The landing as static HTML, rendered at build time (build/prerender-landing.mjs) so that `/`
 * paints and works without the SPA bundle (issue 9; docs/decisions/016-prerendered-landing.md).
 * Same layout and page components as the SPA renders; links are plain anchors, so following one
 * loads the SPA. The chosen samples' card template rides along for the server (decision 064).
 */
export function renderLanding(): string {
  return renderToString(
    <StaticRouter location="/">
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingRoute />} />
        </Route>
      </Routes>
      <ChosenSampleTemplate />
    </StaticRouter>,
  );
}

/**
 * What the SPA shows on its first render, written into index.html's #root at build time so that
 * it paints before the scripts have loaded (docs/decisions/017).
 */
export function renderFirstPaint(): string {
  return renderToString(<InitialLoadFallback />);
}
