import { FeatureHighlights } from '../../features/landing/components/feature-highlights';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { SampleGallery } from '../../features/landing/components/sample-gallery';

export function LandingRoute() {
  return (
    <>
      <LandingHero />
      <FeatureHighlights />
      <SampleGallery />
    </>
  );
}
