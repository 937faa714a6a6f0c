// Types i18n keys from he.json, the source catalogue: a key missing there is a type error.
import "i18next";
import type { Messages } from "../locales/index";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Messages };
  }
}
