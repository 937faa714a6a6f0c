// The landing hero: what AACOS does, with calls to action to /tiers and /auth/register.
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../ui/button";
import { Icon, type IconName } from "../../ui/icon";

/**
 * The six icons around the orbit, every 60° from the inline start, as classes rather than inline styles: the page is
 * also served pre-rendered, and the CSP refuses style attributes in HTML (docs/decisions/172).
 */
const ORBIT_ICONS: readonly { icon: IconName; position: string }[] = [
  { icon: "bot", position: "start-[96%] top-[50%]" },
  { icon: "message", position: "start-[73%] top-[89.84%]" },
  { icon: "radio", position: "start-[27%] top-[89.84%]" },
  { icon: "zap", position: "start-[4%] top-[50%]" },
  { icon: "eye", position: "start-[27%] top-[10.16%]" },
  { icon: "trophy", position: "start-[73%] top-[10.16%]" },
];

function OrbitIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-64 sm:w-80">
      <div className="absolute inset-0 rounded-full border border-border" />
      <div className="absolute inset-8 rounded-full border border-dashed border-primary/50" />
      <div className="absolute inset-16 rounded-full border border-border" />
      <div className="absolute inset-[38%] flex items-center justify-center rounded-full bg-linear-to-br from-primary to-info shadow-glow">
        <svg
          viewBox="0 0 24 24"
          fill="currentColor"
          aria-hidden="true"
          className="size-1/2 text-white"
        >
          <path d="M12 2l2.4 7.6L22 12l-7.6 2.4L12 22l-2.4-7.6L2 12l7.6-2.4z" />
        </svg>
      </div>
      {ORBIT_ICONS.map(({ icon, position }) => (
        <span
          key={icon}
          className={`absolute flex size-12 -translate-x-1/2 -translate-y-1/2 items-center rtl:translate-x-1/2 justify-center rounded-2xl border border-border bg-surface text-accent-text shadow-card ${position}`}
        >
          <Icon name={icon} className="size-6" />
        </span>
      ))}
    </div>
  );
}

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 start-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-primary/20 blur-3xl rtl:translate-x-1/2"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 md:grid-cols-[1.3fr_1fr] md:py-24">
        <div>
          <p className="inline-flex rounded-full border border-border bg-surface px-3 py-1 text-sm font-semibold text-accent-text">
            {t("landing.hero.eyebrow")}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-fg sm:text-5xl"
          >
            {t("landing.hero.title")}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-fg-muted">
            {t("landing.hero.lead")}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/tiers" className="px-6 py-3 text-base">
              {t("landing.hero.primaryCta")}
            </ButtonLink>
            <ButtonLink to="/auth/register" variant="secondary" className="px-6 py-3 text-base">
              {t("landing.hero.secondaryCta")}
            </ButtonLink>
          </div>
        </div>
        <OrbitIllustration />
      </div>
    </section>
  );
}
