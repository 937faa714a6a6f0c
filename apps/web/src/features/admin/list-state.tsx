// The console's paged lists (ui/paged-list) in the console's words (loading, a failed load with the server's reason,
// paging) and under its test ids.
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/messages";
import type { EmptyState } from "../../ui/empty-state";
import {
  PagedList,
  type PagedListTexts,
  type PagedQuery,
  usePagerTexts,
} from "../../ui/paged-list";

export function useConsoleListTexts(loading?: string): PagedListTexts {
  const { t } = useTranslation();
  return {
    loading: loading ?? t("adminConsole.loading"),
    failed: (error) => `${t("adminConsole.loadFailed")} ${errorText(t, error)}`,
    pager: usePagerTexts("adminConsole.pager"),
  };
}

/** A tab's list: its failed-load alert, empty state and pager are `${testId}-error`, `-empty` and `-pager`. */
export function ConsoleList<T>({
  query,
  testId,
  failure,
  empty,
  paging,
  children,
}: {
  query: PagedQuery<T>;
  testId: string;
  /** An alert of the tab's own in place of the usual failed-load one. */
  failure?: ReactNode;
  empty: Omit<ComponentProps<typeof EmptyState>, "testId">;
  paging?: { page: number; pageSize: number; onPage: (page: number) => void };
  children: (items: readonly T[]) => ReactNode;
}) {
  const texts = useConsoleListTexts();
  return (
    <PagedList
      query={query}
      texts={texts}
      errorTestId={`${testId}-error`}
      failure={failure}
      empty={{ ...empty, testId: `${testId}-empty` }}
      paging={paging ? { ...paging, testId: `${testId}-pager` } : undefined}
    >
      {children}
    </PagedList>
  );
}
