// One titled card of the settings screen, labelled by its heading; how a section says its data is loading or failed,
// and its list with the empty text.
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

/** A section's list: its load state, then the empty text when there are no items, or `children` drawing them. */
export function SectionItems<T>({
  query,
  empty,
  emptyTestId,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T[] | undefined };
  empty: string;
  emptyTestId?: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <>
      <SectionLoadState query={query} />
      {query.data ? (
        query.data.length === 0 ? (
          <p className="text-sm text-fg-muted" data-testid={emptyTestId}>
            {empty}
          </p>
        ) : (
          children(query.data)
        )
      ) : null}
    </>
  );
}

/** While a section's query loads, a loader; when it failed, an alert. Nothing once its data is there. */
export function SectionLoadState({ query }: { query: { isPending: boolean; isError: boolean } }) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader message={t("settings.loading")} />;
  if (query.isError) return <FormAlert>{t("settings.loadError")}</FormAlert>;
  return null;
}
