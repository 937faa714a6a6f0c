// The number and price formats of a locale, made once per page (docs/decisions/341, 342).
export interface NumberFormat {
  format: (value: number) => string;
}

interface NumberFormats {
  number: NumberFormat;
  money: NumberFormat;
}

/**
 * How each interface locale writes a plain number — digits grouped by commas, "." before the decimals — and a whole
 * price in dollars, as ICU (CLDR) does for `Intl.NumberFormat(locale)` and its USD currency format;
 * number-formats.test.ts holds them to Intl's output.
 */
const PLAIN_MONEY: Record<string, (grouped: string) => string> = {
  "he-IL": (grouped) => `\u200f${grouped}\u00a0\u200f$`,
  "en-US": (grouped) => `$${grouped}`,
};

/**
 * The digits of a non-negative number with at most three decimals (Intl's default precision, so nothing to round),
 * e.g. 1234.5 → ["1,234", "5"]; null for anything else (negative, more decimals, an exponent, not finite).
 */
function plainDigits(value: number): [whole: string, fraction: string] | null {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(String(value));
  if (match === null) return null;
  return [(match[1] ?? "").replace(/\B(?=(\d{3})+$)/g, ","), match[2] ?? ""];
}

const formatsByLocale = new Map<string, NumberFormats>();

/**
 * The locale's number and price formats, made once per page. Plain numbers and whole prices — every count, limit,
 * multiplier and price the public pages show — are written without Intl: the page's first Intl object loads the ICU
 * data, tens of milliseconds in one task on a phone, and the pre-rendered copy and the app then write them alike in
 * every browser. Anything else goes to an Intl.NumberFormat made the first time one is needed (docs/decisions/342).
 */
export function numberFormatsOf(locale: string): NumberFormats {
  let formats = formatsByLocale.get(locale);
  if (formats !== undefined) return formats;
  const plainMoney = PLAIN_MONEY[locale];
  const plain = (value: number) => (plainMoney === undefined ? null : plainDigits(value));
  let number: Intl.NumberFormat | undefined;
  let money: Intl.NumberFormat | undefined;
  formats = {
    number: {
      format: (value) => {
        const digits = plain(value);
        if (digits !== null) return digits[1] === "" ? digits[0] : `${digits[0]}.${digits[1]}`;
        number ??= new Intl.NumberFormat(locale);
        return number.format(value);
      },
    },
    money: {
      format: (value) => {
        const digits = plain(value);
        if (plainMoney !== undefined && digits !== null && digits[1] === "")
          return plainMoney(digits[0]);
        money ??= new Intl.NumberFormat(locale, {
          style: "currency",
          currency: "USD",
          maximumFractionDigits: 0,
        });
        return money.format(value);
      },
    },
  };
  formatsByLocale.set(locale, formats);
  return formats;
}
