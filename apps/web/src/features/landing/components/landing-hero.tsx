import { LinkButton } from '../../../components/ui/link-button';
import { paths } from '../../../config/paths';
import { LANDING_SAMPLES } from '../data/samples';
import { SampleArtwork } from './sample-artwork';

const HERO_ART = LANDING_SAMPLES.slice(0, 3);

export function LandingHero() {
  return (
    <section className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-4 sm:px-6 sm:pb-16 md:pt-20 lg:grid-cols-[1.1fr_0.9fr]">
      <div>
        <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-accent-400/30 bg-accent-500/10 px-3 py-1 text-xs font-medium text-accent-300">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-accent-400" />
          AI image studio for adults
        </p>
        <h1 className="font-display text-4xl leading-[1.08] font-semibold text-white sm:text-5xl lg:text-6xl">
          Turn your words into <span className="text-gradient">midnight masterpieces</span>
        </h1>
        <p className="mt-5 max-w-xl text-base leading-relaxed text-zinc-300 sm:text-lg">
          Describe a scene, a character or a mood. Nocturne paints it in seconds and keeps your
          favorites in a private gallery.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <LinkButton to={paths.auth.signup.getHref()} size="lg">
            Start Free - No Card Needed
          </LinkButton>
          <LinkButton to={paths.auth.login.getHref()} size="lg" variant="glass">
            I already have an account
          </LinkButton>
        </div>
        <p className="mt-4 text-xs text-zinc-500">
          18+ only. Free daily credits, cancel premium anytime.
        </p>
      </div>
      <div
        aria-hidden="true"
        className="relative mx-auto hidden h-[26rem] w-full max-w-md sm:block"
      >
        {HERO_ART.map((sample, index) => (
          <div
            key={sample.id}
            className={[
              'absolute aspect-[4/5] w-56 overflow-hidden rounded-3xl border border-white/10 shadow-glow',
              index === 0 && 'top-0 left-4 -rotate-6',
              index === 1 && 'top-10 right-2 rotate-3',
              index === 2 && 'bottom-0 left-1/2 w-60 -translate-x-1/2 -rotate-1',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <SampleArtwork sample={sample} />
          </div>
        ))}
      </div>
    </section>
  );
}
