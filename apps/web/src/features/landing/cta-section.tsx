// The closing call to action: start free in Genesis.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const LINK =
  "inline-flex items-center justify-center rounded-xl px-6 py-3 text-base font-semibold transition-colors";

export function CtaSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-20">
      <div className="rounded-3xl bg-linear-to-br from-indigo-950 via-violet-900 to-indigo-900 p-8 text-white shadow-card md:p-12">
        <h2 id="cta-title" className="text-3xl font-extrabold">
          {t("landing.cta.title")}
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-violet-100">{t("landing.cta.body")}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/tiers" className={`${LINK} bg-white text-indigo-950 hover:bg-violet-100`}>
            {t("landing.cta.primary")}
          </Link>
          <Link
            to="/auth/register"
            className={`${LINK} border border-white/60 text-white hover:bg-white/10`}
          >
            {t("landing.cta.secondary")}
          </Link>
        </div>
      </div>
    </section>
  );
}
