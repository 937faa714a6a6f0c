// The formats written without Intl give what Intl gives for the same locale; anything else is Intl's own output.
import { describe, expect, it } from "vitest";
import { numberFormatsOf } from "./number-formats";

const WHOLE = [
  0,
  1,
  7,
  12,
  999,
  1000,
  1234,
  99_999,
  100_000,
  1_234_567,
  10_000_000,
  Number.MAX_SAFE_INTEGER,
  1e20,
];
const DECIMAL = [0.5, 1.25, 1.5, 2.75, 1234.567, 99_999.5];
const OTHER = [
  -1,
  -1234,
  -0.5,
  1.2345,
  0.1 + 0.2,
  1e-7,
  1e21,
  Number.POSITIVE_INFINITY,
  Number.NaN,
];

describe.each(["he-IL", "en-US"])("numberFormatsOf(%s)", (locale) => {
  const formats = numberFormatsOf(locale);
  const intlNumber = new Intl.NumberFormat(locale);
  const intlMoney = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });

  it("writes whole numbers and prices as Intl does", () => {
    for (const value of WHOLE) {
      expect(formats.number.format(value)).toBe(intlNumber.format(value));
      expect(formats.money.format(value)).toBe(intlMoney.format(value));
    }
  });

  it("writes numbers with up to three decimals as Intl does, and such prices rounded as Intl does", () => {
    for (const value of DECIMAL) {
      expect(formats.number.format(value)).toBe(intlNumber.format(value));
      expect(formats.money.format(value)).toBe(intlMoney.format(value));
    }
  });

  it("leaves negative, finer, tiny, huge and non-finite numbers to Intl", () => {
    for (const value of OTHER) {
      expect(formats.number.format(value)).toBe(intlNumber.format(value));
      expect(formats.money.format(value)).toBe(intlMoney.format(value));
    }
  });
});

it("a locale without a written pattern is Intl's throughout", () => {
  expect(numberFormatsOf("de-DE").money.format(1234)).toBe(
    new Intl.NumberFormat("de-DE", {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    }).format(1234),
  );
});
