// Runs before the app renders: sets <html lang dir> and the theme class from local storage (CSP forbids inline scripts).
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
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): keep the Hebrew, system-theme defaults.
  }
})();
