// Types i18n keys from he.json, the source catalogue: a key missing there is a type error.
import "i18next";
import type he from "../locales/he.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof he };
  }
}
