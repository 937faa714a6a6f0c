// What an admin list shows in place of its rows: a loader while the first page comes, the failed load's message, or
// the list's own empty state (each tab says why it is empty).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/messages";
import { EmptyState } from "../../ui/empty-state";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";

export function ListState({
  query,
  errorTestId,
  empty,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: { items: readonly unknown[] } | undefined;
  };
  errorTestId: string;
  empty: Parameters<typeof EmptyState>[0];
}): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending ? <Loader message={t("adminConsole.loading")} /> : null}
      {query.isError ? (
        <FormAlert testId={errorTestId}>
          {t("adminConsole.loadFailed")} {errorText(t, query.error)}
        </FormAlert>
      ) : null}
      {query.data && query.data.items.length === 0 ? <EmptyState {...empty} /> : null}
    </>
  );
}
