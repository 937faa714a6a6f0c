// The build-time settings the web app reads from import.meta.env (all optional; defaults in app-config.ts).
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where "report by mail" drafts go (default support@aacos.example). */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** Error reports' environment (default production). */
  readonly VITE_APP_ENVIRONMENT?: string;
  /** Error reports' release (default the package version). */
  readonly VITE_APP_RELEASE?: string;
  /** The product's own hosts the API client may call besides this origin, comma-separated (default none). */
  readonly VITE_PRODUCT_HOSTS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
