// One titled card of the settings screen, labelled by its heading; and how a section says its data is loading or failed.
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";

export function SettingsSection({
  title,
  lead,
  testId,
  aside,
  children,
}: {
  title: string;
  lead?: string;
  testId: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card>
      <section aria-labelledby={headingId} data-testid={testId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="text-xl font-bold text-fg">
              {title}
            </h2>
            {lead ? <p className="mt-1 text-sm text-fg-muted">{lead}</p> : null}
          </div>
          {aside}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** While a section's query loads, a loader; when it failed, an alert. Nothing once its data is there. */
export function SectionLoadState({ query }: { query: { isPending: boolean; isError: boolean } }) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader message={t("settings.loading")} />;
  if (query.isError) return <FormAlert>{t("settings.loadError")}</FormAlert>;
  return null;
}
