// A small, safe Markdown renderer for AI answers: paragraphs, headings, bold/italic, inline code, fenced code blocks
// with a copy button, lists, quotes and http(s) links. It builds React elements only — every text is a text node, no
// raw HTML is ever parsed or injected, and a link whose address is not http or https stays plain text. Each block is
// dir="auto", so a Hebrew paragraph in an English answer (or the reverse) runs its own way.
import { type ReactNode, useEffect, useState } from "react";

export interface MarkdownLabels {
  /** The copy button of a code block. */
  copy: string;
  /** Shown for a moment after copying. */
  copied: string;
}

type Block =
  | { kind: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: "code"; language: string; code: string }
  | { kind: "list"; ordered: boolean; start: number; items: string[] }
  | { kind: "quote"; text: string }
  | { kind: "rule" }
  | { kind: "paragraph"; text: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)\s*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;

function startsBlock(line: string): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line) ||
    QUOTE.test(line) ||
    RULE.test(line)
  );
}

/** Splits the text into blocks; an unclosed fence (a streaming answer) runs to the end. */
export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let at = 0;
  while (at < lines.length) {
    const line = lines[at] ?? "";
    if (line.trim() === "") {
      at += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? "```";
      // The same character, at least as many times, alone on its line closes the block.
      const closing = new RegExp(`^ {0,3}${marker[0] === "~" ? "~" : "`"}{${marker.length},}\\s*$`);
      const body: string[] = [];
      at += 1;
      while (at < lines.length) {
        const inner = lines[at] ?? "";
        if (closing.test(inner)) break;
        body.push(inner);
        at += 1;
      }
      at += 1;
      blocks.push({ kind: "code", language: fence[2] ?? "", code: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.min(6, (heading[1] ?? "#").length) as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: "heading", level, text: heading[2] ?? "" });
      at += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: "rule" });
      at += 1;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = bullet === null;
      const pattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (at < lines.length) {
        const current = lines[at] ?? "";
        const match = pattern.exec(current);
        if (match) {
          items.push((ordered ? match[2] : match[1]) ?? "");
        } else if (current.trim() !== "" && /^\s+/.test(current) && items.length > 0) {
          // An indented line continues the item before it.
          items[items.length - 1] = `${items[items.length - 1] ?? ""}\n${current.trim()}`;
        } else break;
        at += 1;
      }
      blocks.push({ kind: "list", ordered, start: Number(numbered?.[1] ?? 1), items });
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (at < lines.length) {
        const match = QUOTE.exec(lines[at] ?? "");
        if (!match) break;
        quoted.push(match[1] ?? "");
        at += 1;
      }
      blocks.push({ kind: "quote", text: quoted.join("\n") });
      continue;
    }
    const paragraph: string[] = [line];
    at += 1;
    while (at < lines.length) {
      const next = lines[at] ?? "";
      if (next.trim() === "" || startsBlock(next)) break;
      paragraph.push(next);
      at += 1;
    }
    blocks.push({ kind: "paragraph", text: paragraph.join("\n") });
  }
  return blocks;
}

/** Only absolute http and https addresses become links; javascript:, data:, relative paths and the rest do not. */
export function safeHref(href: string): string | null {
  try {
    const url = new URL(href.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

// Inline code, bold, italic (not inside words for "_"), links — the earliest match wins, the rest stays text.
const INLINE =
  /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)|\*\*(?=\S)([\s\S]*?\S)\*\*|(?<![\w])__(?=\S)([\s\S]*?\S)__(?![\w])|\*(?=[^\s*])([\s\S]*?[^\s*])\*|(?<![\w])_(?=[^\s_])([\s\S]*?[^\s_])_(?![\w])|\[([^\]\n]+)\]\(\s*([^)\s]+)\s*\)/g;

function renderInline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let index = 0;
  const pushText = (value: string) => {
    // Line breaks inside a paragraph stay line breaks.
    let breaks = 0;
    for (const part of value.split("\n")) {
      if (breaks > 0) out.push(<br key={`${key}-br-${index}-${breaks}`} />);
      breaks += 1;
      if (part !== "") out.push(part);
    }
  };
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) pushText(text.slice(last, at));
    const id = `${key}-${index}`;
    index += 1;
    if (match[1] !== undefined) {
      out.push(
        <code key={id} className="rounded bg-surface-muted px-1 py-0.5 font-mono text-[0.9em]">
          {(match[2] ?? "").replace(/^ (.+) $/, "$1")}
        </code>,
      );
    } else if (match[3] !== undefined || match[4] !== undefined) {
      out.push(<strong key={id}>{renderInline(match[3] ?? match[4] ?? "", id)}</strong>);
    } else if (match[5] !== undefined || match[6] !== undefined) {
      out.push(<em key={id}>{renderInline(match[5] ?? match[6] ?? "", id)}</em>);
    } else {
      const label = match[7] ?? "";
      const href = safeHref(match[8] ?? "");
      if (href === null) out.push(...renderInline(label, id));
      else {
        out.push(
          <a
            key={id}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-accent-text underline underline-offset-2"
          >
            {renderInline(label, id)}
          </a>,
        );
      }
    }
    last = at + match[0].length;
  }
  if (last < text.length) pushText(text.slice(last));
  return out;
}

function CodeBlock({
  code,
  language,
  labels,
}: {
  code: string;
  language: string;
  labels: MarkdownLabels;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <div className="group relative my-2" data-testid="markdown-code-block">
      <div className="flex items-center justify-between gap-2 rounded-t-xl border border-b-0 border-border bg-surface-muted px-3 py-1 text-xs text-fg-muted">
        <span dir="ltr">{language}</span>
        <button
          type="button"
          data-testid="markdown-copy"
          className="rounded-lg px-2 py-0.5 font-semibold text-accent-text hover:bg-surface"
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(
              () => setCopied(true),
              () => {},
            );
          }}
        >
          <span aria-live="polite">{copied ? labels.copied : labels.copy}</span>
        </button>
      </div>
      <pre
        dir="ltr"
        className="overflow-x-auto rounded-b-xl border border-border bg-surface-muted p-3 text-start text-sm"
      >
        <code className="font-mono">{code}</code>
      </pre>
    </div>
  );
}

const HEADING_CLASSES = [
  "text-2xl font-bold",
  "text-xl font-bold",
  "text-lg font-bold",
  "text-base font-bold",
  "text-base font-semibold",
  "text-sm font-semibold",
];

function renderBlock(block: Block, key: string, labels: MarkdownLabels): ReactNode {
  switch (block.kind) {
    case "heading": {
      const Tag = `h${block.level}` as const;
      return (
        <Tag key={key} dir="auto" className={`mt-3 mb-1 ${HEADING_CLASSES[block.level - 1] ?? ""}`}>
          {renderInline(block.text, key)}
        </Tag>
      );
    }
    case "code":
      return <CodeBlock key={key} code={block.code} language={block.language} labels={labels} />;
    case "list": {
      const items = block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity but their position.
        <li key={`${key}-${index}`}>{renderInline(item, `${key}-${index}`)}</li>
      ));
      return block.ordered ? (
        <ol key={key} dir="auto" start={block.start} className="my-2 list-decimal ps-6">
          {items}
        </ol>
      ) : (
        <ul key={key} dir="auto" className="my-2 list-disc ps-6">
          {items}
        </ul>
      );
    }
    case "quote":
      return (
        <blockquote
          key={key}
          dir="auto"
          className="my-2 border-s-4 border-border ps-3 text-fg-muted"
        >
          {renderInline(block.text, key)}
        </blockquote>
      );
    case "rule":
      return <hr key={key} className="my-3 border-border" />;
    default:
      return (
        <p key={key} dir="auto" className="my-1.5">
          {renderInline(block.text, key)}
        </p>
      );
  }
}

export function Markdown({
  text,
  labels,
  testId,
}: {
  text: string;
  labels: MarkdownLabels;
  testId?: string;
}) {
  return (
    <div className="break-words" data-testid={testId}>
      {parseBlocks(text).map((block, index) => renderBlock(block, `b${index}`, labels))}
    </div>
  );
}
