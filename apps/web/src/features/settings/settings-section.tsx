// One titled card of the settings screen, labelled by its heading; how a section says its data is loading or failed,
// its list with the empty text, and one signed-in device's row in that list (a passkey, a session).
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { Icon, type IconName } from "../../ui/icon";
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

/** How a device's row takes it away (removing a passkey, signing a session out). */
interface DeviceRemoval {
  label: string;
  /** The label read out, which names the device. */
  ariaLabel: string;
  testId: string;
  pending: boolean;
  onRemove: () => void;
}

/** One device of a section's list: its icon, its name over a line of detail, and the button that takes it away. */
export function DeviceItem({
  icon,
  iconClassName,
  name,
  detail,
  removal,
  testId,
  current,
}: {
  icon: IconName;
  iconClassName: string;
  name: ReactNode;
  detail: ReactNode;
  /** None for the device the user is on. */
  removal: DeviceRemoval | null;
  testId: string;
  current?: boolean;
}) {
  return (
    <li
      data-testid={testId}
      data-current={current}
      className="flex flex-wrap items-center justify-between gap-2 py-3"
    >
      <div className="flex items-center gap-3">
        <Icon name={icon} className={`size-5 ${iconClassName}`} />
        <div>
          {name}
          <p className="text-sm text-fg-muted">{detail}</p>
        </div>
      </div>
      {removal ? (
        <Button
          variant="ghost"
          data-testid={removal.testId}
          aria-label={removal.ariaLabel}
          disabled={removal.pending}
          onClick={removal.onRemove}
        >
          {removal.label}
        </Button>
      ) : null}
    </li>
  );
}
