import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { buttonClass } from "../../components/ui/button";
import { useStaticPageMeta } from "../../lib/use-static-page-meta";
import drewThis from "../../assets/landing/i-drew-this.webp";
import drewThisSmall from "../../assets/landing/i-drew-this-600.webp";
import drewThisMedium from "../../assets/landing/i-drew-this-800.webp";
import easy123 from "../../assets/landing/easy-as-123.webp";
import easy123Small from "../../assets/landing/easy-as-123-600.webp";
import easy123Medium from "../../assets/landing/easy-as-123-800.webp";

// The server preloads the first picture with this same srcset and sizes (pages/client-manifest.ts).
const sizes = "(min-width: 768px) 50vw, 100vw";

/** The front door: two pictures that show the method, and the way to the library. */
export function LandingPage() {
  useStaticPageMeta("/");
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 [word-break:auto-phrase] sm:px-6 md:py-14">
      <div className="grid gap-5 md:grid-cols-2 md:gap-8">
        <figure className="flex items-center overflow-hidden rounded-[var(--radius-card)] border border-line bg-[#f1e8dc] shadow-sm">
          <img
            src={drewThis}
            srcSet={`${drewThisSmall} 600w, ${drewThisMedium} 800w, ${drewThis} 1200w`}
            sizes={sizes}
            width={1200}
            height={900}
            alt={t`I drew this dragon - it was easy`}
            fetchPriority="high"
            className="block h-auto w-full"
          />
        </figure>
        {/* The picture's panels carry no words: the steps under them are text, in the reader's language. */}
        <figure className="flex flex-col justify-center overflow-hidden rounded-[var(--radius-card)] border border-line bg-[#f1e8dc] pb-5 shadow-sm">
          <figcaption className="px-4 pt-5 text-center text-xl font-bold text-balance sm:text-2xl">
            <Trans>Easy as 1-2-3 using the grid method</Trans>
            <span className="mx-auto mt-2 block h-1 w-24 rounded-full bg-accent" />
          </figcaption>
          <img
            src={easy123}
            srcSet={`${easy123Small} 600w, ${easy123Medium} 800w, ${easy123} 1200w`}
            sizes={sizes}
            width={1200}
            height={460}
            alt={t`A dragon picture with a grid over it, the same grid ruled on paper, and the dragon copied square by square`}
            className="block h-auto w-full"
          />
          {/* From a tablet up, under the panels (each 30% of the picture's width, 2.5% around it), in
              the panels' left-to-right order in every language. */}
          <ol className="flex flex-col gap-2 px-5 sm:grid sm:grid-cols-3 sm:gap-x-[2.63%] sm:px-[2.5%] sm:[direction:ltr]">
            {[t`Grid the picture`, t`Grid your paper`, t`Copy square by square`].map((step, i) => (
              <li
                key={step}
                className="flex items-center gap-3 font-bold rtl:[direction:rtl] sm:flex-col sm:gap-2 sm:text-center"
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-ink text-paper">{i + 1}</span>
                {step}
              </li>
            ))}
          </ol>
        </figure>
      </div>
      <section className="mx-auto mt-10 max-w-2xl text-center md:mt-14">
        <h1 className="text-4xl font-bold text-ink sm:text-5xl">
          <Trans>Ready to Draw Dragons?</Trans>
        </h1>
        <p className="mt-4 text-lg text-ink-soft">
          <Trans>Browse our dragon templates and start creating amazing art today</Trans>
        </p>
        <Link href="/home" className={buttonClass("primary", "mt-8 min-h-14 px-8 text-base")}>
          <Trans>Show me the Dragons!</Trans>
          <ArrowRight className="h-5 w-5" aria-hidden />
        </Link>
        <p className="mt-4">
          <Link
            href="/first-drawing"
            className="inline-flex min-h-11 items-center font-semibold text-accent-strong underline underline-offset-4"
          >
            <Trans>New to drawing? Draw your first dragon</Trans>
          </Link>
        </p>
      </section>
    </div>
  );
}
