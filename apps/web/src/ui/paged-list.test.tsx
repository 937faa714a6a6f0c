// The pager every numbered list shares: its page count, its ends, a page still loading, and the texts it reads by
// locale group in the language's words.
import { cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../lib/i18n";
import { Pager, type PagerTexts, usePagerTexts } from "./paged-list";

const texts: PagerTexts = {
  label: "Pages",
  previous: "Previous",
  next: "Next",
  page: (page, pages) => `Page ${page} of ${pages}`,
};

function renderPager(page: number, busy?: boolean, total = 25, keepOnOnePage?: boolean) {
  const onPage = vi.fn();
  render(
    <Pager
      page={page}
      pageSize={10}
      total={total}
      keepOnOnePage={keepOnOnePage}
      onPage={onPage}
      texts={texts}
      testId="pager"
      busy={busy}
    />,
  );
  return onPage;
}

describe("Pager", () => {
  afterEach(() => applyLanguage("he"));

  it("counts the pages and moves one page either way", () => {
    const onPage = renderPager(2);
    expect(screen.getByTestId("pager-page")).toHaveTextContent("Page 2 of 3");
    fireEvent.click(screen.getByTestId("pager-next"));
    fireEvent.click(screen.getByTestId("pager-previous"));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it("goes no further than its ends", () => {
    renderPager(3);
    expect(screen.getByTestId("pager-next")).toBeDisabled();
    expect(screen.getByTestId("pager-previous")).toBeEnabled();
  });

  it("stands aside on a single page, unless it states a count or a later page was left behind", () => {
    renderPager(1, false, 7);
    expect(screen.queryByTestId("pager")).toBeNull();
    cleanup();
    renderPager(2, false, 7);
    expect(screen.getByTestId("pager-page")).toHaveTextContent("Page 2 of 1");
    expect(screen.getByTestId("pager-previous")).toBeEnabled();
    cleanup();
    renderPager(1, false, 0, true);
    expect(screen.getByTestId("pager-page")).toHaveTextContent("Page 1 of 1");
  });

  it("keeps both buttons still while a page loads", () => {
    renderPager(2, true);
    expect(screen.getByTestId("pager-next")).toBeDisabled();
    expect(screen.getByTestId("pager-previous")).toBeDisabled();
  });

  it("reads its texts from a locale group, in Hebrew and in English", () => {
    applyLanguage("en");
    const english = renderHook(() => usePagerTexts("orchestration.pager", 1200));
    expect(english.result.current.page(2, 3)).toBe("Page 2 of 3 · 1,200 entities");
    const single = renderHook(() => usePagerTexts("orchestration.pager", 1));
    expect(single.result.current.page(1, 1)).toBe("Page 1 of 1 · 1 entity");
    expect(english.result.current.previous).toBe("Previous");
    applyLanguage("he");
    const hebrew = renderHook(() => usePagerTexts("commandCenter.history.pager"));
    expect(hebrew.result.current.page(1, 2)).toBe("עמוד 1 מתוך 2");
    expect(hebrew.result.current.next).toBe("ישנות יותר");
  });
});
