// The upload form: the domain's §5 messages before any request, and an upload with progress to a real local server.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { startTestApi, type TestApi, upgradeReply } from "../../test-api-server";
import { renderAt } from "../../test-utils";
import { UploadForm } from "./upload-form";

let api: TestApi;

function choose(file: File) {
  const input = screen.getByTestId("upload-input");
  fireEvent.change(input, { target: { files: [file] } });
}

describe("UploadForm", () => {
  beforeEach(async () => {
    applyLanguage("en");
    api = await startTestApi({
      "POST /api/upload": () => ({
        status: 201,
        body: {
          file: {
            id: "f1",
            name: "photo.png",
            size: 4,
            mimeType: "image/png",
            createdAt: "2026-01-01T00:00:00.000Z",
          },
        },
      }),
    });
  });
  afterEach(async () => {
    await api.close();
    applyLanguage("he");
  });

  it("refuses a .exe and a photo.php.jpg with the domain's messages, before any request", () => {
    renderAt("/", { "/": <UploadForm /> });
    choose(new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }));
    expect(screen.getByTestId("upload-error")).toHaveTextContent("File type .exe is not allowed");
    choose(new File(["x"], "photo.php.jpg", { type: "image/jpeg" }));
    expect(screen.getByTestId("upload-error")).toHaveTextContent(
      "Files with multiple extensions are not allowed",
    );
    choose(new File(["x"], "notes.txt", { type: "image/png" }));
    expect(screen.getByTestId("upload-error")).toHaveTextContent(
      "File MIME type does not match extension",
    );
    expect(api.count("POST /api/upload")).toBe(0);
  });

  it("refuses two dropped files as the server would, in Hebrew, and sends neither", () => {
    applyLanguage("he");
    renderAt("/", { "/": <UploadForm /> });
    const files = [
      new File(["a"], "one.txt", { type: "text/plain" }),
      new File(["b"], "two.txt", { type: "text/plain" }),
    ];
    fireEvent.drop(screen.getByTestId("upload-dropzone"), { dataTransfer: { files } });
    expect(screen.getByTestId("upload-error").textContent).toBe("יש להעלות קובץ אחד בכל פעם");
    expect(api.count("POST /api/upload")).toBe(0);
  });

  it("shows the messages in Hebrew in Hebrew", () => {
    applyLanguage("he");
    renderAt("/", { "/": <UploadForm /> });
    choose(new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }));
    expect(screen.getByTestId("upload-error")).toHaveTextContent("סוג הקובץ");
    expect(screen.getByTestId("upload-error")).toHaveTextContent("exe");
  });

  it("says a file without an extension has none, in both languages, before any request", () => {
    renderAt("/", { "/": <UploadForm /> });
    choose(new File(["hello"], "README", { type: "" }));
    expect(screen.getByTestId("upload-error").textContent).toBe(
      "The file name has no extension; allowed: .jpg, .jpeg, .png, .gif, .pdf, .doc, .docx, .txt, .md",
    );
    act(() => applyLanguage("he"));
    choose(new File(["hello"], "notes.", { type: "" }));
    expect(screen.getByTestId("upload-error").textContent).toBe(
      "לשם הקובץ אין סיומת; הסיומות המותרות: \u2066.jpg, .jpeg, .png, .gif, .pdf, .doc, .docx, .txt, .md\u2069",
    );
    expect(api.count("POST /api/upload")).toBe(0);
  });

  it("uploads an allowed file as multipart field `file` and reports it", async () => {
    renderAt("/", { "/": <UploadForm /> });
    await act(async () => {
      choose(
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "photo.png", { type: "image/png" }),
      );
    });
    await waitFor(() =>
      expect(screen.getByTestId("upload-success")).toHaveTextContent("photo.png was uploaded."),
    );
    expect(api.count("POST /api/upload")).toBe(1);
    const request = api.requests.find((r) => r.path === "/api/upload");
    expect(request?.contentType).toMatch(/^multipart\/form-data/);
    expect(String(request?.body)).toContain('name="file"; filename="photo.png"');
  });

  it("shows the server's refusal", async () => {
    api.route("POST /api/upload", () =>
      upgradeReply(
        403,
        // As the server answers it: the limit and its value as params, which the browser translates.
        {
          code: "limit_reached",
          message: "Storage limit reached: 1 GB",
          params: { limit: "maxStorageGB", max: 1 },
        },
        { suggestedTier: "quantum", upgradeUrl: "/tiers?upgrade=quantum", reason: "maxStorageGB" },
      ),
    );
    renderAt("/", { "/": <UploadForm /> });
    await act(async () => {
      choose(new File(["hello"], "notes.txt", { type: "text/plain" }));
    });
    await waitFor(() =>
      expect(screen.getByTestId("upload-error")).toHaveTextContent("Storage limit reached: 1 GB"),
    );
  });
});
