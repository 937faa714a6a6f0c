// docs/product.md §3's device profile (platform, features, performance level, capabilities), detected once per page.

export type DevicePlatform = "desktop" | "tablet" | "mobile";
export type PerformanceLevel = "high" | "medium" | "low";

/** docs/product.md §3: the minimum screen width of each platform. */
export const PLATFORM_MIN_WIDTH = { desktop: 1280, tablet: 768, mobile: 320 } as const;

export interface DeviceCapabilities {
  touch: boolean;
  mouse: boolean;
  keyboard: boolean;
  multiWindow: boolean;
  gpu: boolean;
  workers: boolean;
  offlineStorage: boolean;
}

export interface DeviceProfile {
  platform: DevicePlatform;
  /** Web platform features this browser has, by name (serviceWorker, webCrypto, webAuthn, …). */
  features: Readonly<Record<string, boolean>>;
  performance: PerformanceLevel;
  capabilities: DeviceCapabilities;
}

/**
 * The platform from the screen width: a device without touch is a desktop from the tablet width up (a laptop's
 * small screen is still a desktop); a touch device needs the desktop width.
 */
export function platformFor(screenWidth: number, touch: boolean): DevicePlatform {
  if (screenWidth >= PLATFORM_MIN_WIDTH.desktop) return "desktop";
  if (screenWidth >= PLATFORM_MIN_WIDTH.tablet) return touch ? "tablet" : "desktop";
  return "mobile";
}

/** Cores and memory (GB, when the browser tells) decide; a data-saver connection caps the level at medium. */
export function performanceLevelFor(
  cores: number,
  memoryGB: number | null,
  saveData: boolean,
): PerformanceLevel {
  let level: PerformanceLevel =
    cores >= 8 && (memoryGB === null || memoryGB >= 8)
      ? "high"
      : cores >= 4 && (memoryGB === null || memoryGB >= 4)
        ? "medium"
        : "low";
  if (saveData && level === "high") level = "medium";
  return level;
}

interface NavigatorExtras {
  deviceMemory?: number;
  connection?: { saveData?: boolean; effectiveType?: string };
  gpu?: unknown;
}

function matches(query: string): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

function hasWebGl(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return canvas.getContext("webgl2") !== null || canvas.getContext("webgl") !== null;
  } catch {
    return false;
  }
}

function detect(): DeviceProfile {
  const nav = navigator as Navigator & NavigatorExtras;
  const touch = (nav.maxTouchPoints ?? 0) > 0 || matches("(any-pointer: coarse)");
  const mouse = matches("(any-pointer: fine)") || matches("(any-hover: hover)");
  const screenWidth = Math.max(window.screen?.width ?? 0, window.innerWidth);
  const platform = platformFor(screenWidth, touch);
  const features = {
    serviceWorker: "serviceWorker" in nav,
    indexedDB: typeof indexedDB !== "undefined",
    webCrypto: typeof crypto !== "undefined" && typeof crypto.subtle !== "undefined",
    webAuthn: typeof window.PublicKeyCredential === "function",
    notifications: typeof window.Notification === "function",
    share: typeof nav.share === "function",
    clipboard: typeof nav.clipboard?.writeText === "function",
    webLocks: "locks" in nav,
  };
  return {
    platform,
    features,
    performance: performanceLevelFor(
      nav.hardwareConcurrency ?? 1,
      nav.deviceMemory ?? null,
      nav.connection?.saveData === true,
    ),
    capabilities: {
      touch,
      mouse,
      // No API tells whether a keyboard is attached: a fine pointer or a non-touch device means one is likely.
      keyboard: mouse || !touch,
      multiWindow: platform === "desktop",
      gpu: "gpu" in nav || hasWebGl(),
      workers: typeof Worker === "function",
      offlineStorage: features.indexedDB && features.serviceWorker,
    },
  };
}

let profile: DeviceProfile | null = null;

/** The profile, detected on first use and kept for the page's life. */
export function deviceProfile(): DeviceProfile {
  profile ??= detect();
  return profile;
}
