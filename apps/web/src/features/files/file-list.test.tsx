// The file list shows a name as what it is: a name stored with a right-to-left override before the server cleaned
// names is not shown as another file.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../test-utils";
import { FileListView } from "./file-list";

describe("FileListView", () => {
  it("shows and labels a stored name without its bidi override", () => {
    const file = {
      id: "f1",
      name: "evil\u202Egpj.txt",
      size: 5,
      mimeType: "text/plain",
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    renderAt("/", { "/": <FileListView files={[file]} /> });
    expect(screen.getByTestId("file-name").textContent).toBe("evilgpj.txt");
    expect(screen.getAllByRole("button", { name: /evilgpj\.txt/ })).toHaveLength(2);
  });
});
