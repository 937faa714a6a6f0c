// A server-paged list: in place of its rows a loader while the first page comes, the failed load's alert or the
// list's own empty state; under the rows previous/next paging with the page count announced. Texts come in as props
// (usePagerTexts reads a pager's from its locale group).
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatters } from "../lib/use-language";
import { Button } from "./button";
import { EmptyState } from "./empty-state";
import { FormAlert } from "./form-alert";
import { Loader } from "./loader";

export interface PagerTexts {
  label: string;
  previous: string;
  next: string;
  /** "Page 2 of 5". */
  page: (page: number, pages: number) => string;
}

export interface PagedListTexts {
  loading: string;
  /** The failed load's message. */
  failed: (error: unknown) => string;
  pager: PagerTexts;
}

/** The locale groups that hold a pager's texts: `label`, `previous`, `next`, `page` ("Page {{page}} of {{pages}}"). */
export type PagerGroup =
  | "adminConsole.pager"
  | "autonomous.history.pager"
  | "commandCenter.history.pager"
  | "home.activity.pager"
  | "orchestration.pager";

/**
 * A pager's texts from its locale group, the numbers in the language's format; `total` fills a page text that counts
 * the list's items (orchestration's) and picks its singular.
 */
export function usePagerTexts(group: PagerGroup, total?: number): PagerTexts {
  const { t } = useTranslation();
  const format = useFormatters();
  const formatted = total === undefined ? {} : { total: format.number(total), count: total };
  return {
    label: t(`${group}.label`),
    previous: t(`${group}.previous`),
    next: t(`${group}.next`),
    page: (page, pages) =>
      t(`${group}.page`, { ...formatted, page: format.number(page), pages: format.number(pages) }),
  };
}

/** What a list reads from its query (TanStack Query's result fits). */
export interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { items: readonly T[]; total?: number } | undefined;
}

/**
 * The page of a list and its setter; the page goes back to the first whenever `filters` change (compared as JSON),
 * in the same render, so no request for the old page under the new filters goes out.
 */
export function usePage(filters: unknown): [number, (page: number) => void] {
  const key = JSON.stringify(filters);
  const [state, setState] = useState({ key, page: 1 });
  const page = state.key === key ? state.page : 1;
  return [page, (next: number) => setState({ key, page: next })];
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
  texts,
  testId,
  busy = false,
  keepOnOnePage = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  texts: PagerTexts;
  testId: string;
  /** While the next page loads, neither button moves on again. */
  busy?: boolean;
  /** The page text also says how many there are (the orchestration list's), so it is shown on a single page too. */
  keepOnOnePage?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // One page has nowhere to go: no "page 1 of 1" between two dead buttons. A later page left behind by a shrinking
  // list keeps the pager, so the way back stays.
  if (pages === 1 && page === 1 && !keepOnOnePage) return null;
  return (
    <nav
      aria-label={texts.label}
      className="flex items-center justify-between gap-3"
      data-testid={testId}
    >
      <Button
        variant="secondary"
        data-testid={`${testId}-previous`}
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {texts.previous}
      </Button>
      <span className="text-sm text-fg-muted" aria-live="polite" data-testid={`${testId}-page`}>
        {texts.page(page, pages)}
      </span>
      <Button
        variant="secondary"
        data-testid={`${testId}-next`}
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {texts.next}
      </Button>
    </nav>
  );
}

/** What stands for a query's data while it loads or after it failed: the loader, then the failed load's alert. */
export function QueryState({
  query,
  loading,
  failed,
  errorTestId,
  failure,
}: {
  query: Pick<PagedQuery<unknown>, "isPending" | "isError" | "error">;
  loading: string;
  /** The failed load's message. */
  failed: (error: unknown) => string;
  errorTestId: string;
  /** An alert of the caller's own in place of the usual one. */
  failure?: ReactNode;
}) {
  return (
    <>
      {query.isPending ? <Loader message={loading} /> : null}
      {query.isError
        ? (failure ?? <FormAlert testId={errorTestId}>{failed(query.error)}</FormAlert>)
        : null}
    </>
  );
}

/**
 * The rows (drawn by `children`) or what stands in their place, then the pager when `paging` is given. A failed
 * refetch keeps the previous rows under its alert.
 */
export function PagedList<T>({
  query,
  texts,
  errorTestId,
  failure,
  empty,
  paging,
  children,
}: {
  query: PagedQuery<T>;
  texts: PagedListTexts;
  errorTestId: string;
  /** An alert of the caller's own in place of the usual failed-load one. */
  failure?: ReactNode;
  empty: Parameters<typeof EmptyState>[0];
  paging?: { page: number; pageSize: number; onPage: (page: number) => void; testId: string };
  children: (items: readonly T[]) => ReactNode;
}) {
  const items = query.data?.items;
  return (
    <>
      <QueryState
        query={query}
        loading={texts.loading}
        failed={texts.failed}
        errorTestId={errorTestId}
        failure={failure}
      />
      {items !== undefined && items.length === 0 ? <EmptyState {...empty} /> : null}
      {items !== undefined && items.length > 0 ? (
        <>
          {children(items)}
          {paging ? (
            <Pager
              page={paging.page}
              pageSize={paging.pageSize}
              total={query.data?.total ?? items.length}
              onPage={paging.onPage}
              texts={texts.pager}
              testId={paging.testId}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}

/**
 * The live screens' quieter list: one line in place of the rows while the first load runs, after it failed (when
 * the screen does not show the failure elsewhere) or when there are none; otherwise the rows.
 */
export function ListLines<T>({
  pending,
  failed = false,
  items,
  texts,
  emptyTestId,
  children,
}: {
  pending: boolean;
  failed?: boolean;
  items: readonly T[] | undefined;
  texts: { loading: string; failed?: string; empty: string };
  emptyTestId: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (pending) return <p className="text-fg-muted">{texts.loading}</p>;
  if (failed)
    return (
      <p role="alert" className="text-error">
        {texts.failed}
      </p>
    );
  if (items === undefined || items.length === 0)
    return (
      <p className="text-fg-muted" data-testid={emptyTestId}>
        {texts.empty}
      </p>
    );
  return children(items);
}
