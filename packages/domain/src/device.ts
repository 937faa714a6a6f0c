// Layout classes by viewport width (docs/product.md §2 "Global shell", §9 breakpoints 768 and 1024).

export const BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;
export type LayoutClass = "mobile" | "tablet" | "desktop";

export function layoutClassForWidth(width: number): LayoutClass {
  if (width < BREAKPOINTS.tablet) return "mobile";
  if (width < BREAKPOINTS.desktop) return "tablet";
  return "desktop";
}
