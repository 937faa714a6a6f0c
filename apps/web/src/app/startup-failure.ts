// The full-screen fallback shown when the app cannot render (docs/product.md §2): plain DOM, so it works without React.
import { i18n } from "../lib/i18n";

export function showStartupFailure(container: HTMLElement, error: unknown): void {
  const screen = document.createElement("div");
  // Styles are set through CSSOM, which the CSP allows, so the fallback does not depend on the stylesheet.
  Object.assign(screen.style, {
    position: "fixed",
    inset: "0",
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    justifyContent: "center",
    gap: "1rem",
    padding: "2rem",
    textAlign: "center",
    color: "#ffffff",
    background: "linear-gradient(135deg, #1e3a8a 0%, #312e81 100%)",
    fontFamily: "system-ui, sans-serif",
  });
  screen.setAttribute("role", "alert");

  const title = document.createElement("h1");
  title.textContent = i18n.t("common.appName");
  Object.assign(title.style, { fontSize: "2.5rem", fontWeight: "800", margin: "0" });

  const message = document.createElement("p");
  message.textContent = i18n.t("boot.errorTitle");
  Object.assign(message.style, { fontSize: "1.25rem", margin: "0" });

  const detail = document.createElement("pre");
  detail.dir = "ltr";
  detail.textContent = error instanceof Error ? error.message : String(error);
  Object.assign(detail.style, {
    maxWidth: "40rem",
    whiteSpace: "pre-wrap",
    background: "rgb(0 0 0 / 0.3)",
    padding: "1rem",
    borderRadius: "0.75rem",
    margin: "0",
  });

  screen.append(title, message, detail);
  container.replaceChildren(screen);
}
