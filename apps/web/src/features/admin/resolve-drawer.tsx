// The list and drawer of things an admin marks as handled (error reports, incidents): the page, the open item, its
// status row, the failure alert and the Resolve button, and the tab that puts them together.
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { type ComponentProps, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { errorText } from "../../lib/messages";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { DetailDrawer } from "./confirm-dialog";
import { ConsoleTab, DrawerRows } from "./console-tab";
import { ConsoleList } from "./list-state";

interface ResolvableSource<Item> {
  queryKey: QueryKey;
  listKey: QueryKey;
  fetchPage: (signal: AbortSignal) => Promise<{ items: Item[]; total: number }>;
  resolveOne: (id: string) => Promise<unknown>;
}

/**
 * A page of things an admin resolves (`fetchPage`, under `queryKey`), the open one (by id, from the page), the props
 * of the page's rows and those of its ResolveAction, which resolves it, reads every page of the list (`listKey`) again and closes the drawer.
 */
export function useResolvableList<Item extends { id: string }>({
  queryKey,
  listKey,
  fetchPage,
  resolveOne,
}: ResolvableSource<Item>) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchPage(signal),
    placeholderData: keepPreviousData,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: resolveOne,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
  const open = list.data?.items.find((item) => item.id === openId);
  return {
    list,
    open,
    setOpenId,
    /** Spread on the page's DrawerRows: a row opens its item. */
    rowProps: {
      keyOf: (item: Item) => item.id,
      onOpen: (item: Item) => setOpenId(item.id),
    },
    resolveProps: {
      error: resolve.error,
      pending: resolve.isPending,
      onResolve: () => {
        if (open) resolve.mutate(open.id, { onSuccess: () => setOpenId(null) });
      },
    },
  };
}

/** The "Status" row of a drawer's detail list: open, or when it was resolved. */
export function useStatusRow(): (resolvedAt: string | null) => [string, string] {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  return (resolvedAt) => [
    t("adminConsole.status"),
    resolvedAt
      ? t("adminConsole.resolvedAt", { when: formatDate(resolvedAt) })
      : t("adminConsole.statuses.open"),
  ];
}

/** A drawer's failure alert and, while the thing is open, its "Resolve" button. */
export function ResolveAction({
  error,
  pending,
  show,
  onResolve,
  testId,
}: {
  error: unknown;
  pending: boolean;
  show: boolean;
  onResolve: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? <FormAlert>{errorText(t, error)}</FormAlert> : null}
      {show ? (
        <div>
          <Button data-testid={testId} disabled={pending} onClick={onResolve}>
            {t("adminConsole.resolve")}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * A tab of things an admin resolves: its filters, a page of rows that each open their item, and the open item's
 * drawer ending in the Resolve button. The tab and its list go by `testId`; the drawer, its Resolve button and a row
 * by `${itemTestId}-drawer`, `-resolve` and `-item`.
 */
export function ResolvableTab<Item extends { id: string }>({
  title,
  testId,
  itemTestId,
  source,
  filters,
  empty,
  paging,
  drawerTitle,
  detail,
  resolvable,
  row,
}: {
  title: string;
  testId: string;
  itemTestId: string;
  source: ResolvableSource<Item>;
  filters: ReactNode;
  empty: ComponentProps<typeof ConsoleList>["empty"];
  paging: NonNullable<ComponentProps<typeof ConsoleList>["paging"]>;
  drawerTitle: (open: Item) => string;
  detail: (open: Item) => ReactNode;
  /** Whether the open item is still to be resolved. */
  resolvable: (open: Item) => boolean;
  row: (item: Item) => ReactNode;
}) {
  const { list, open, setOpenId, rowProps, resolveProps } = useResolvableList(source);
  return (
    <ConsoleTab
      title={title}
      testId={testId}
      drawer={
        open ? (
          <DetailDrawer
            title={drawerTitle(open)}
            onClose={() => setOpenId(null)}
            testId={`${itemTestId}-drawer`}
          >
            {detail(open)}
            <ResolveAction
              {...resolveProps}
              show={resolvable(open)}
              testId={`${itemTestId}-resolve`}
            />
          </DetailDrawer>
        ) : null
      }
    >
      {filters}
      <ConsoleList query={list} testId={testId} empty={empty} paging={paging}>
        {(items) => (
          <DrawerRows items={items} {...rowProps} testId={`${itemTestId}-item`}>
            {row}
          </DrawerRows>
        )}
      </ConsoleList>
    </ConsoleTab>
  );
}
