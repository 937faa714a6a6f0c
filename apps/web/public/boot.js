// Runs before the app renders: sets <html lang dir> and the theme class from local storage (CSP forbids inline scripts),
// and sends English visits, browsers with a session and visitors with accessibility settings (applied by the app) to the
// start screen rather than the pre-rendered Hebrew, signed-out, default-settings copy of the page (docs/decisions/172).
(() => {
  const root = document.documentElement;
  try {
    const language = window.localStorage.getItem("aacos-lang") === "en" ? "en" : "he";
    root.lang = language;
    root.dir = language === "he" ? "rtl" : "ltr";
    const theme = window.localStorage.getItem("aacos-theme");
    const prefersDark =
      typeof window.matchMedia === "function" &&
      window.matchMedia("(prefers-color-scheme: dark)").matches;
    const dark = theme === "dark" || (theme !== "light" && prefersDark);
    root.classList.toggle("dark", dark);
    const stored = (key) => window.localStorage.getItem(key) !== null;
    const ownCopy = stored("token") || stored("userId") || stored("accessibility-settings");
    root.classList.toggle("prerender-off", language === "en" || ownCopy);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): keep the Hebrew, system-theme defaults.
  }
  // A form of the pre-rendered copy submitted before the app runs it would be the browser's own submission: a GET to
  // the same page with what was typed — a password too — in the address. It is held back, and <html> names the form's
  // first field (outside what the app hydrates); what was typed stays, and the app submits its form of that field
  // once it has taken over (lib/typed-before-app.ts).
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && form.closest("[data-prerendered]") !== null) {
        event.preventDefault();
        const field = form.querySelector("input[name]");
        if (field !== null) root.dataset.heldSubmit = field.name;
      }
    },
    true,
  );
})();
