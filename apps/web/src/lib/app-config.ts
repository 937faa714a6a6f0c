// Build-time configuration (import.meta.env), read once with its defaults (docs/product.md §9).
import { version } from "../../package.json";

function setting(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export const APP_CONFIG = {
  supportEmail: setting(import.meta.env.VITE_SUPPORT_EMAIL, "support@aacos.example"),
  environment: setting(import.meta.env.VITE_APP_ENVIRONMENT, "production"),
  release: setting(import.meta.env.VITE_APP_RELEASE, version),
  /** docs/product.md §8: besides this origin, only the product's own domains may be called. */
  productHosts: setting(import.meta.env.VITE_PRODUCT_HOSTS, "")
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== ""),
  /** Local development talks to a loopback server; a production page never may. */
  allowLoopback: import.meta.env.DEV,
  /** docs/product.md §9: traces (here: long-task performance warnings) are sampled at 0.1. */
  traceSampleRate: 0.1,
} as const;
