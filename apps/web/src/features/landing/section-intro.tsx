// A landing section's heading (the id its <section> is labelled by, `<section>-title`) and its lead paragraph.
import { useTranslation } from "react-i18next";

export function SectionIntro({ section }: { section: "features" | "worlds" }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 id={`${section}-title`} className="text-3xl font-extrabold text-fg">
        {t(`landing.${section}.title`)}
      </h2>
      <p className="mt-3 max-w-3xl text-lg text-fg-muted">{t(`landing.${section}.lead`)}</p>
    </>
  );
}
