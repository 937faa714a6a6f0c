// The Markdown renderer: formatting becomes elements, raw HTML and scripts stay inert text, unsafe links stay text.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Markdown, parseBlocks, safeHref } from "./markdown";

const labels = { copy: "Copy", copied: "Copied" };

function renderMarkdown(text: string) {
  return render(<Markdown text={text} labels={labels} testId="md" />).container;
}

describe("Markdown", () => {
  it("renders headings, emphasis, inline code, lists and paragraphs", () => {
    const root = renderMarkdown(
      "# Title\n\nSome **bold**, *italic*, _also_ and `x < y` text.\n\n- one\n- two\n\n1. first\n2. second",
    );
    expect(root.querySelector("h1")).toHaveTextContent("Title");
    expect(root.querySelector("strong")).toHaveTextContent("bold");
    expect(root.querySelectorAll("em")).toHaveLength(2);
    expect(root.querySelector("code")).toHaveTextContent("x < y");
    expect(root.querySelectorAll("ul li")).toHaveLength(2);
    expect(root.querySelectorAll("ol li")).toHaveLength(2);
  });

  it("never renders raw HTML or script: tags show as text", () => {
    const root = renderMarkdown(
      '<script>window.hacked = true</script>\n\n<img src=x onerror="alert(1)"> **<b>bold</b>**\n\n```html\n<iframe src="https://evil.example"></iframe>\n```',
    );
    expect(root.querySelector("script, img, iframe, b")).toBeNull();
    expect(root.textContent).toContain("<script>window.hacked = true</script>");
    expect(root.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(root.querySelector("pre code")).toHaveTextContent(
      '<iframe src="https://evil.example"></iframe>',
    );
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    for (const element of root.querySelectorAll("*")) {
      for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on/);
    }
  });

  it("keeps javascript:, data: and relative links out; http(s) links open safely", () => {
    const root = renderMarkdown(
      "[bad](javascript:alert(1)) [worse](JaVaScRiPt:alert(2)) [data](data:text/html,hi) [rel](/admin) [ok](https://example.com/a?b=1)",
    );
    const links = root.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute("href", "https://example.com/a?b=1");
    expect(links[0]).toHaveAttribute("rel", "noopener noreferrer");
    expect(root.textContent).toContain("bad");
    expect(root.innerHTML).not.toMatch(/javascript:/i);
    expect(safeHref(" javascript:alert(1)")).toBeNull();
    expect(safeHref("http://example.com")).toBe("http://example.com/");
  });

  it("renders fenced code with a copy button, and an unclosed fence while streaming", () => {
    const root = renderMarkdown("```ts\nconst a = 1;\n```\n\n```\nstill streaming");
    const blocks = screen.getAllByTestId("markdown-code-block");
    expect(blocks).toHaveLength(2);
    expect(root.querySelector("pre code")).toHaveTextContent("const a = 1;");
    expect(blocks[1]).toHaveTextContent("still streaming");
    expect(screen.getAllByTestId("markdown-copy")[0]).toHaveTextContent("Copy");
    fireEvent.click(screen.getAllByTestId("markdown-copy")[0] as HTMLElement);
  });

  it("does not italicise inside words", () => {
    expect(parseBlocks("snake_case_name")).toEqual([
      { kind: "paragraph", text: "snake_case_name" },
    ]);
    const root = renderMarkdown("snake_case_name");
    expect(root.querySelector("em")).toBeNull();
  });
});
