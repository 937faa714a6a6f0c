// The Hebrew resource i18next starts with: the catalogue with its dual forms. In a production build this module's body
// is the same object as one JSON.parse of a string made at build time (vite.config.ts, hebrewResourceAsJson): cheaper
// on a phone than evaluating ~2,000 object-literal entries and copying them again on every first load.
import { withDualForms } from "../lib/dual-forms";
import { he } from "./he";

export const heResource = withDualForms(he);
