// One page of a list: the rows of page n (counted from 1) and how many there are in all, queried side by side.

/** Which page, counted from 1, and how many rows a page holds. */
export type Paging = { page: number; pageSize: number };

/** A select, ordered, not yet limited. */
type PageableSelect<Row> = {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
};

/** Runs the page of `rows` and the count query together; the count query answers one row `{ n }` (none counts as 0). */
export async function fetchPage<Row>(
  { page, pageSize }: Paging,
  rows: PageableSelect<Row>,
  counted: PromiseLike<{ n: number }[]>,
): Promise<{ items: Row[]; total: number }> {
  const [items, [total]] = await Promise.all([
    rows.limit(pageSize).offset((page - 1) * pageSize),
    counted,
  ]);
  return { items, total: total?.n ?? 0 };
}
